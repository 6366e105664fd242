import type { Generated } from 'kysely';

/** Settings staff change while the service runs (maintenance mode). */
export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** What security staff read (`ops security-events`): never a password, code, token or link secret. */
export interface SecurityEventTable {
  id: Generated<number>;
  type: string;
  customer_id: number | null;
  /** The staff member concerned (a staff sign-in, failure or lock; migration 036). */
  staff_id: number | null;
  ip_address: string | null;
  detail: string | null;
  created_at: string;
}

export interface JobLockTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** One counted event of a rate limit (lib/rate-limiter.ts): its key only as a keyed hash. */
export interface LimitEventTable {
  id: Generated<number>;
  /** Which limit: 'login-address', 'stage1-contact'... */
  scope: string;
  /** HMAC-SHA256 of the key (a caller's address, an e-mail address, a customer id) under DATA_KEY. */
  key_hash: string;
  /** Epoch milliseconds at which the event leaves its window. */
  expires_at_ms: number;
}
