import type { Generated } from 'kysely';

/** A member of staff (issue 44). Sign-in (password, TOTP) comes with the console (issue 48). */
export interface StaffMemberTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  /** One of the contract's STAFF_ROLES; what it may do is in staff-permissions.ts, not here. */
  role: string;
  /** A disabled member's sessions stop working at once; the row stays for the actors that name it. */
  disabled_at: string | null;
  created_at: string;
}

/** A staff sign-in: the cookie's token is kept as its SHA-256 only. */
export interface StaffSessionTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end (created + 8 hours); the idle end is counted from last_seen_at. */
  expires_at: string;
  ended_at: string | null;
}
