import type { Logger } from 'pino';
import type { Db, DbExecutor } from '../db/create-db';
import { nowIso } from './clock';

/** What security staff follow (issue 26, docs/decisions/020). */
export type SecurityEventType =
  | 'sign-in'
  | 'sign-in-failed'
  | 'account-locked'
  | 'reset-asked'
  | 'reset-done'
  | 'refresh-reuse'
  | 'password-confirmed'
  | 'password-confirm-failed'
  | 'email-change-asked'
  | 'email-changed'
  | 'mobile-changed'
  | 'esign-code-failed'
  | 'esign-link-refused'
  | 'landing-code-failed'
  | 'limit-refused'
  // The staff console (issue 48): `staffId` names the member where one is known.
  | 'staff-sign-in'
  | 'staff-sign-in-failed'
  | 'staff-locked'
  | 'staff-enrolled'
  | 'staff-sign-out';

/**
 * `detail` is a fixed word or two from the code (which limit, why refused), never input: no password,
 * code, token, link secret or e-mail address reaches a security event.
 */
export type SecurityEvent = {
  type: SecurityEventType;
  customerId?: number | null;
  staffId?: number | null;
  ip?: string | null;
  detail?: string;
};

export type SecurityEvents = ReturnType<typeof securityEvents>;

/**
 * Each event is a structured log line (pino, `event: 'security'`) for the log pipeline and a row for
 * `npm run ops -- security-events`, so staff can read them without log access. A failed write is logged
 * and swallowed: a security record must never turn a customer's sign-in into an error.
 */
export function securityEvents(db: Db, log: Pick<Logger, 'info' | 'error'>) {
  return {
    async record(e: SecurityEvent, executor: DbExecutor = db): Promise<void> {
      const row = {
        type: e.type,
        customer_id: e.customerId ?? null,
        staff_id: e.staffId ?? null,
        ip_address: e.ip ?? null,
        detail: e.detail?.slice(0, 500) ?? null,
        created_at: nowIso(),
      };
      log.info({ event: 'security', ...row }, `security: ${e.type}`);
      try {
        await executor.insertInto('security_events').values(row).execute();
      } catch (err) {
        log.error({ err, event: 'security', type: e.type }, 'security event not stored');
      }
    },

    /** The events since an instant, newest first (the ops command). */
    since: (instant: string, limit = 500) =>
      db
        .selectFrom('security_events')
        .select(['created_at', 'type', 'customer_id', 'staff_id', 'ip_address', 'detail'])
        .where('created_at', '>=', instant)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
