import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/create-db';

/**
 * The sandbox's own table (migration 011), kept apart from the lender's `db/schema.ts` as a real
 * provider's database would be. The account number is kept only as its SHA-256 and last 4 digits.
 */
export type PayoutSandboxTables = {
  payout_sandbox_payments: PayoutSandboxPaymentTable;
};

export type PaymentStatus = 'paid' | 'pending' | 'rejected';

export interface PayoutSandboxPaymentTable {
  id: Generated<number>;
  payment_id: string;
  /** The lender's key: one payment per key, however often it is sent. */
  idempotency_key: string;
  /** SHA-256 of the whole request, so a replay can be told from a key reused for another payment. */
  request_hash: string;
  sort_code: string;
  account_hash: string;
  account_last4: string;
  amount_pence: number;
  reference: string;
  status: PaymentStatus;
  reason: string;
  created_at: string;
}

export type PayoutSandboxDb = Kysely<PayoutSandboxTables>;

/** The application's database seen through the sandbox's table, and only that. */
export const payoutSandboxDb = (db: Db): PayoutSandboxDb =>
  db.$extendTables<PayoutSandboxTables>().$pickTables<keyof PayoutSandboxTables>();
