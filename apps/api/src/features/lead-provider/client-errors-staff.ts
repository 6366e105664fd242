import type { AppContext } from '../../app-context';
import type { Actor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { countOf } from '../../lib/system-staff';
import { staffDone as done, type StaffResult } from '../../lib/staff-result';
import { clientErrorRepository } from './client-error-repository';

/** Browser error reports for staff (`npm run ops -- client-errors`, `purge-client-errors`). */
export function clientErrorsStaff(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  return {
    latest: async (count?: number) =>
      (
        await db
          .selectFrom('client_errors')
          .select(['created_at', 'url', 'message'])
          .orderBy('id', 'desc')
          .limit(countOf(count))
          .execute()
      ).map((r) => ({ ...r, message: r.message.slice(0, 120) })),

    /** Removes the reports older than CLIENT_ERRORS_RETENTION_DAYS; who asked is in the audit. */
    async purge(actor: Actor): Promise<StaffResult<{ removed: number; days: number }>> {
      const days = ctx.config.CLIENT_ERRORS_RETENTION_DAYS;
      const before = new Date(Date.now() - days * 86_400_000).toISOString();
      const removed = await clientErrorRepository(db).purgeBefore(before);
      await auditRepository(db).record({ actor, action: 'client-errors-purged', details: { removed, days } });
      return done({ removed, days });
    },
  };
}
