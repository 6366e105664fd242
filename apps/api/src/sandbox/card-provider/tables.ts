import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Behaviour } from './test-cards';

/**
 * The sandbox's own tables (migration 005), kept apart from the lender's `db/schema.ts` as a real
 * provider's database would be. Neither the card number nor the security code is ever stored; the key
 * and the card token only as their SHA-256, so a leaked row cannot confirm a check or take a payment.
 */
export type SandboxTables = {
  card_sandbox_transactions: SandboxTransactionTable;
  card_sandbox_charges: SandboxChargeTable;
};

export type ChallengeState = 'pending' | 'passed' | 'failed';

export interface SandboxTransactionTable {
  trx_id: string;
  key_hash: string;
  merchant_id: string;
  behaviour: Behaviour;
  last4: string;
  exp_month: number;
  /** Four digits. */
  exp_year: number;
  holder: string;
  /** The request id the page sent along, if any. */
  client_id: string | null;
  fingerprinted_at: string | null;
  /** Null until a confirm starts the bank's challenge (only for the challenge card). */
  challenge: ChallengeState | null;
  /** Where the challenge page sends the browser back; set by the merchant's server at confirm. */
  return_url: string | null;
  /** Set once a confirm approved the check. */
  token_hash: string | null;
  created_at: string;
  /** The key is good until then, for every step. */
  expires_at: string;
}

export interface SandboxChargeTable {
  id: Generated<number>;
  charge_id: string;
  merchant_id: string;
  /** The merchant's own reference: one charge per reference, however often it is sent. */
  reference: string;
  token_hash: string;
  amount_pence: number;
  outcome: 'approved' | 'declined';
  z2: string;
  z3: string;
  created_at: string;
}

export type SandboxDb = Kysely<SandboxTables>;

/** The application's database seen through the sandbox's tables, and only those. */
export const sandboxDb = (db: Db): SandboxDb =>
  db.$extendTables<SandboxTables>().$pickTables<keyof SandboxTables>();
