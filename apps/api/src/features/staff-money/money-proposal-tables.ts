import type { Generated } from 'kysely';
import type { MoneyKind, MoneyState } from '@lender/contract/calls/staff-money';

/**
 * A refund, waiver or write-off one staff member proposed (the maker), waiting for or decided by a
 * team-lead who is not the maker (the checker): issue 48's four eyes on money. Only an approval posts
 * to the ledger, under the reference `money:<id>`, so however often it is approved it posts once; a
 * refund's payout carries the idempotency key `refund-<id>`, stored before the provider is called.
 */
export interface MoneyProposalTable {
  id: Generated<number>;
  application_id: number;
  customer_id: number;
  kind: MoneyKind;
  /** A refund of a payment taken in error: that payment's ledger row; null: the credit balance. */
  payment_transaction_id: number | null;
  amount_pence: number;
  reason: string;
  state: MoneyState;
  maker_staff_id: number;
  /** The business date it was proposed on. */
  proposed_on: string;
  created_at: string;
  checker_staff_id: number | null;
  checked_at: string | null;
  rejection_reason: string | null;
  /** A refund's payout: its key (stored before the provider is called), the provider's id and tries. */
  payout_key: string | null;
  payout_payment_id: string | null;
  payout_attempts: Generated<number>;
  payout_error: string | null;
}
