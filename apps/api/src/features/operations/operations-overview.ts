import type { AppContext } from '../../app-context';
import { MAX_ATTEMPTS } from '../../lib/outbox';
import { systemStaff } from '../../lib/system-staff';

/**
 * What the operations page shows at a glance (issue 48 item 9): the business date and whether it may be
 * moved (never in production), maintenance mode, the last day the close of business closed with its
 * figures, and the outbox's health: messages waiting, messages given up after MAX_ATTEMPTS, and how long
 * the oldest waiting one has waited (a stuck transport shows here first).
 */
export function operationsOverview(ctx: AppContext) {
  const { db } = ctx;
  const system = systemStaff(ctx);
  return async (now = new Date()) => {
    const [date, maintenance, lastClose, pending, failed] = await Promise.all([
      system.businessDate(),
      system.maintenanceIsOn(),
      db
        .selectFrom('business_days')
        .select(['business_date', 'loans_closed', 'started_at', 'closed_at'])
        .orderBy('business_date', 'desc')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('sent_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('sent_at', 'is', null)
        .where('attempts', '>=', MAX_ATTEMPTS)
        .executeTakeFirstOrThrow(),
    ]);
    const oldest = pending.oldest ? String(pending.oldest) : null;
    return {
      businessDate: date,
      businessDateSettable: ctx.config.NODE_ENV !== 'production',
      maintenance,
      lastClose: lastClose
        ? {
            businessDate: lastClose.business_date,
            loansClosed: Number(lastClose.loans_closed),
            startedAt: lastClose.started_at,
            closedAt: lastClose.closed_at,
          }
        : null,
      outbox: {
        pending: Number(pending.n),
        failed: Number(failed.n),
        oldestPendingAt: oldest,
        oldestPendingSeconds: oldest
          ? Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 1000))
          : null,
      },
    };
  };
}
