import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/create-db';

/**
 * The sandbox bank's own tables (migration 047), kept apart from the lender's `db/schema.ts` as a real
 * bank's database would be. Codes and tokens are stored only as their SHA-256.
 */
export type ObSandboxTables = {
  ob_sandbox_consents: ObSandboxConsentTable;
  ob_sandbox_codes: ObSandboxCodeTable;
  ob_sandbox_tokens: ObSandboxTokenTable;
};

export type ConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';

export interface ObSandboxConsentTable {
  id: Generated<number>;
  consent_id: string;
  client_id: string;
  bank_id: string;
  status: ConsentStatus;
  /** JSON array of OB permission names. */
  permissions: string;
  /** ISO instant (UTC). */
  expires_at: string;
  /** ISO instant (UTC), or null for as far back as the bank keeps. */
  transactions_from: string | null;
  customer: string | null;
  created_at: string;
  status_updated_at: string;
}

export interface ObSandboxCodeTable {
  id: Generated<number>;
  code_hash: string;
  consent_id: string;
  redirect_uri: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ObSandboxTokenTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'client' | 'consent';
  client_id: string;
  consent_id: string | null;
  expires_at: string;
  created_at: string;
}

export type ObSandboxDb = Kysely<ObSandboxTables>;

/** The application's database seen through the sandbox bank's tables, and only those. */
export const obSandboxDb = (db: Db): ObSandboxDb =>
  db.$extendTables<ObSandboxTables>().$pickTables<keyof ObSandboxTables>();
