import type { Generated } from 'kysely';

/** An Open Banking consent we asked for (migration 046): its state nonce only as a hash. */
export interface BankConnectionTable {
  id: Generated<number>;
  guid: string;
  customer_id: number;
  application_id: number | null;
  return_to: string;
  bank_id: string;
  bank_name: string;
  consent_id: string;
  state_hash: string;
  status: string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  revoked_at: string | null;
}

/** What one connection's read showed: the figures in clear (no transaction), the transactions sealed. */
export interface BankVerificationTable {
  id: Generated<number>;
  connection_id: number;
  customer_id: number;
  application_id: number | null;
  figures_json: string;
  transactions_sealed: string | null;
  read_on: string;
  delete_transactions_on: string;
  read_at: string;
}
