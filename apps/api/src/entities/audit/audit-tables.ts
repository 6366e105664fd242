import type { Generated } from 'kysely';

/**
 * A staff action that has no row of its own to carry its actor (maintenance on/off, the business date
 * moved, a close of business run, the outbox delivered, a flag set): appended, never changed or removed.
 * `details` is JSON for people to read; it never holds a secret (no key, token, card or bank detail).
 */
export interface AuditEventTable {
  id: Generated<number>;
  /** ISO UTC instant. */
  at: string;
  /** An `Actor` (entities/audit/actor.ts). */
  actor: string;
  /** What was done, e.g. 'maintenance-on', 'business-date-set', 'legal-flag-on'. */
  action: string;
  /** What it was done to, e.g. 'application' and its guid, 'partner' and its name; null for the whole system. */
  subject_type: string | null;
  subject_id: string | null;
  details: string | null;
}
