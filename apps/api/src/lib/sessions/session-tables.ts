import type { Generated } from 'kysely';

/** One sign-in: its refresh tokens rotate within it, and revoking it ends the session everywhere. */
export interface SessionFamilyTable {
  id: Generated<number>;
  customer_id: number;
  created_at: string;
  revoked_at: string | null;
  /** 'sign-out', 'reuse' (a swapped refresh token came back), 'maintenance', 'password-changed'... */
  revoked_reason: string | null;
  /** When this session last proved the password (sign-in, ConfirmPassword); null if it never did. */
  password_at: string | null;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  customer_id: number;
  family_id: number | null;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  /** When it was swapped for the next one: presenting it again revokes its family. */
  used_at: string | null;
  /** The pair that swap made, sealed: a second tab's swap within seconds gets it again (decision 020). */
  successor_sealed: string | null;
  revoked_at: string | null;
  created_at: string;
}
