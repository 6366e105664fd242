import type { Generated } from 'kysely';

/** A new e-mail address waiting for its verification link (only the link's hash). */
export interface EmailChangeTable {
  id: Generated<number>;
  customer_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OneTimeTokenTable {
  id: Generated<number>;
  customer_id: number;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
