/**
 * Who a card check (the provider's transaction, `trxId`) belongs to: the customer whose call first
 * presented it to us (issue 45, migration 026). The browser starts a check at the provider, so the
 * first call that confirms it is where we learn of it; from then on a call of another customer with the
 * same transaction is refused, before the provider is asked (it would answer the card to anyone with the
 * key).
 */
export interface CardCheckTable {
  trx_id: string;
  customer_id: number;
  claimed_at: string;
}
