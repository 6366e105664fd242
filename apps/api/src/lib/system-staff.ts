import type { AppContext } from '../app-context';
import type { Actor } from '../entities/audit/actor';
import { auditRepository } from '../entities/audit/audit-repository';
import { staffDone as done, staffRefused as refused, type StaffResult } from './staff-result';

/** A count asked for: 20 unless given, never below 1 or above 500. */
export const countOf = (value: number | undefined) => Math.min(Math.max(value || 20, 1), 500);

/**
 * Staff actions on the whole system rather than one feature's rows (`npm run ops`, the staff console
 * next): each answers data, and each change is appended to the audit with its actor.
 */
export function systemStaff(ctx: AppContext) {
  const { db } = ctx;
  const audit = auditRepository(db);
  return {
    maintenanceIsOn: () => ctx.maintenance.isOn(),

    async setMaintenance(on: boolean, actor: Actor): Promise<StaffResult<{ on: boolean; by: Actor }>> {
      await ctx.maintenance.set(on);
      await audit.record({ actor, action: on ? 'maintenance-on' : 'maintenance-off' });
      return done({ on, by: actor });
    },

    businessDate: () => ctx.businessDate.refresh(true),

    async setBusinessDate(date: string, actor: Actor): Promise<StaffResult<{ date: string; by: Actor }>> {
      let now: string;
      try {
        now = await ctx.businessDate.set(date);
      } catch (err) {
        return refused(err instanceof Error ? err.message : String(err));
      }
      await audit.record({ actor, action: 'business-date-set', details: { asked: date, now } });
      return done({ date: now, by: actor });
    },

    decisions: (count?: number) =>
      db
        .selectFrom('application_decisions')
        .leftJoin('applications', 'applications.id', 'application_decisions.application_id')
        .select([
          'application_decisions.created_at',
          'application_decisions.kind',
          'application_decisions.reason',
          'application_decisions.actor',
          'applications.guid',
        ])
        .orderBy('application_decisions.id', 'desc')
        .limit(countOf(count))
        .execute(),

    outbox: (count?: number) =>
      db
        .selectFrom('outbox')
        .select(['id', 'channel', 'to_address', 'subject', 'created_at', 'sent_at', 'attempts', 'last_error'])
        .orderBy('id', 'desc')
        .limit(countOf(count))
        .execute(),

    async deliverOutbox(actor: Actor): Promise<StaffResult<{ delivered: number }>> {
      const delivered = await ctx.outbox.deliverPending();
      await audit.record({ actor, action: 'outbox-delivered', details: { delivered } });
      return done({ delivered });
    },

    /** Security events since an instant, each with who acted: the customer, or an unknown visitor. */
    async securityEvents(since: Date) {
      const rows = await ctx.security.since(since.toISOString());
      return rows.map((r) => ({
        ...r,
        actor: r.customer_id === null ? 'visitor' : `customer:${r.customer_id}`,
      }));
    },

    auditSince: (since: Date) => audit.since(since.toISOString()),
  };
}
