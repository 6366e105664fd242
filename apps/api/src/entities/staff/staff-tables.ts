import type { Generated } from 'kysely';

/** A member of staff (issue 44), who signs in with e-mail, password and TOTP (issue 48, migration 036). */
export interface StaffMemberTable {
  id: Generated<number>;
  /** Their e-mail for a member added by invitation; a short name for one made before (tests). */
  username: string;
  /** The sign-in name, lower-cased and unique; null only for a member made before issue 48. */
  email: string | null;
  /** argon2id, as customers'; null until the invitation is accepted. */
  password_hash: string | null;
  /** The TOTP secret (base32), sealed with the data key (lib/secrets `encrypt`); null until enrolled. */
  totp_secret_sealed: string | null;
  /** The last TOTP time-step accepted: a code of that step or an earlier one is refused (replay). */
  last_totp_step: number | null;
  enrolled_at: string | null;
  /** Failed sign-ins counted since `failed_since` (the 15-minute window); reset by a sign-in or a lock. */
  failed_count: number | null;
  failed_since: string | null;
  /** No sign-in before this instant (5 failures within 15 minutes lock for 15 minutes). */
  locked_until: string | null;
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
  /** The absolute end (created + 10 hours); the idle end is counted from last_seen_at. */
  expires_at: string;
  ended_at: string | null;
}

/** A recovery code (10 per enrolment, shown once): its SHA-256 only; each signs in once. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** An e-mailed invitation to set a password and enrol TOTP: single use, 24 hours. */
export interface StaffInvitationTable {
  id: Generated<number>;
  staff_id: number;
  /** SHA-256 of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  /** The secret the invitation page shows, made on its first opening and sealed; it becomes the member's on acceptance. */
  pending_totp_secret_sealed: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /**
   * The invitation code's HMAC-SHA-256 (docs/decisions/071): the code is shown once to the inviting
   * admin, never stored or e-mailed. Null only for an invitation made before migration 045 (withdrawn).
   */
  code_hash: string | null;
  /** Invitation codes claimed and found wrong (a right one gives its claim back); 5 make it void. */
  code_failures: Generated<number>;
  /** When the fifth wrong code made it void: nothing opens it after, not even the right code. */
  voided_at: string | null;
}
