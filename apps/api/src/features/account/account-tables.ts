import type { Generated } from 'kysely';

/**
 * A login attempt: 'pending' while its password is checked, then 'failure' or 'success'; 'locked' is the
 * lock itself (after 5 failures) and 'refused' an attempt made while it lasted.
 */
export interface LoginAttemptTable {
  id: Generated<number>;
  customer_id: number | null;
  ip_address: string;
  outcome: 'pending' | 'failure' | 'success' | 'locked' | 'refused';
  created_at: string;
}
