import type { DbExecutor } from '../../db/create-db';
import { nowIso } from '../../lib/clock';
import { addressColumns, type StoredAddress } from '../addresses/stored-address';

/** A card as the provider confirmed it; `billing` null means the card's address is the home address. */
export type ConfirmedCard = {
  customerId: number;
  applicationId: number;
  providerToken: string;
  providerTrxId: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  billing: StoredAddress | null;
};

/** `seal` encrypts the provider's token: with the secret key it can charge the card. */
export const cardRepository = (db: DbExecutor, seal: (plain: string) => string) => ({
  async insert(card: ConfirmedCard): Promise<void> {
    await db
      .insertInto('cards')
      .values({
        customer_id: card.customerId,
        application_id: card.applicationId,
        provider_token_sealed: seal(card.providerToken),
        provider_trx_id: card.providerTrxId,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        holder_name: card.holderName,
        billing_is_home: card.billing ? 0 : 1,
        ...addressColumns(card.billing, 'billing_'),
        created_at: nowIso(),
      })
      .execute();
  },

  /**
   * The card on file carried over to a new application (a repeat loan, docs/decisions/027): the same
   * provider token, stored again for that application, so the application has the card it was approved
   * with and the CPA collects from it.
   */
  async copyToApplication(cardId: number, applicationId: number): Promise<void> {
    const { id: _id, ...card } = await db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cards')
      .values({ ...card, application_id: applicationId, created_at: nowIso() })
      .execute();
  },

  /**
   * Ties a card check (the provider's transaction) to the customer presenting it, unless it is another's
   * already (issue 45): false then, and the caller refuses before asking the provider, which would
   * answer the card to anyone holding the key. The first customer to present a transaction owns it (the
   * browser starts a check at the provider, so this is where we first learn of it); the primary key
   * makes that one customer even when two calls race.
   */
  async claimCheck(trxId: string, customerId: number): Promise<boolean> {
    await db
      .insertInto('card_checks')
      .values({ trx_id: trxId, customer_id: customerId, claimed_at: nowIso() })
      .onConflict((oc) => oc.column('trx_id').doNothing())
      .execute();
    const owner = await db
      .selectFrom('card_checks')
      .select('customer_id')
      .where('trx_id', '=', trxId)
      .executeTakeFirstOrThrow();
    return owner.customer_id === customerId;
  },

  /** The customer's newest card: the one the CPA and 'use the card on file' charge. */
  latestOf: (customerId: number) =>
    db
      .selectFrom('cards')
      .select(['id', 'provider_token_sealed', 'last4', 'exp_month', 'exp_year'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
});

export type CardRepository = ReturnType<typeof cardRepository>;
