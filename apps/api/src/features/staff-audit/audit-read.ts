import { addDays, type IsoDate } from '@lender/contract/dates';
import type { z } from 'zod';
import type { auditFilterSchema, auditRowSchema } from '@lender/contract/calls/staff';
import type { DbExecutor } from '../../db/create-db';
import { actorNames } from '../../entities/staff/actor-names';
import { csvOf } from './audit-csv';

export type AuditFilter = z.output<typeof auditFilterSchema>;
export type AuditRow = z.output<typeof auditRowSchema>;

/** What the console shows at once; a wider look is the export's, or a narrower filter's. */
export const AUDIT_PAGE_LIMIT = 500;
/** An export is one file a person opens: beyond this, narrow the dates. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The UTC instant a London calendar day starts (00:00 Europe/London, GMT or BST). */
export function londonDayStart(date: IsoDate): string {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // Clocks change at 01:00 UTC, so London's offset at 00:00 UTC is the one in force at London's midnight.
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      utcMidnight,
    ),
  );
  return new Date(utcMidnight.getTime() - londonHour * 3_600_000).toISOString();
}

const CSV_HEADER = [
  'at',
  'actor',
  'actorName',
  'action',
  'subjectType',
  'subjectId',
  'customerId',
  'before',
  'after',
  'address',
  'details',
] as const;

/**
 * The audit as compliance reads it (issue 48): who did what to which customer or application, before and
 * after, from which address; filtered by London calendar days, actor, action and customer; newest first.
 * A row's customer is its details' own, or its application's.
 */
export function auditRead(db: DbExecutor) {
  async function rows(filter: AuditFilter, limit: number): Promise<{ rows: AuditRow[]; capped: boolean }> {
    let q = db.selectFrom('audit_events').selectAll();
    if (filter.from) q = q.where('at', '>=', londonDayStart(filter.from));
    if (filter.to) q = q.where('at', '<', londonDayStart(addDays(filter.to, 1)));
    if (filter.actor) q = q.where('actor', '=', filter.actor);
    if (filter.action) q = q.where('action', '=', filter.action);
    const customerId = filter.customerId;
    if (customerId !== undefined) {
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('subject_type', '=', 'customer'), eb('subject_id', '=', String(customerId))]),
          eb.and([
            eb('subject_type', '=', 'application'),
            eb(
              'subject_id',
              'in',
              eb.selectFrom('applications').select('guid').where('customer_id', '=', customerId),
            ),
          ]),
        ]),
      );
    }
    const found = await q
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const capped = found.length > limit;
    const events = found.slice(0, limit);
    const guids = [
      ...new Set(
        events.filter((e) => e.subject_type === 'application' && e.subject_id).map((e) => e.subject_id!),
      ),
    ];
    const owners = new Map<string, number>();
    for (let i = 0; i < guids.length; i += 500) {
      const some = await db
        .selectFrom('applications')
        .select(['guid', 'customer_id'])
        .where('guid', 'in', guids.slice(i, i + 500))
        .execute();
      for (const a of some) owners.set(a.guid, a.customer_id);
    }
    const nameOf = await actorNames(
      db,
      events.map((e) => e.actor),
    );
    return {
      capped,
      rows: events.map((e) => {
        const {
          before,
          after,
          address,
          customerId: ownCustomer,
          ...rest
        } = e.details ? (JSON.parse(e.details) as Record<string, unknown>) : {};
        const subjectCustomer =
          e.subject_type === 'customer'
            ? Number(e.subject_id)
            : e.subject_type === 'application' && e.subject_id
              ? owners.get(e.subject_id)
              : undefined;
        const customer = typeof ownCustomer === 'number' ? ownCustomer : subjectCustomer;
        return {
          id: e.id,
          at: e.at,
          actor: e.actor,
          actorName: nameOf(e.actor),
          action: e.action,
          subjectType: e.subject_type,
          subjectId: e.subject_id,
          customerId: customer !== undefined && Number.isSafeInteger(customer) ? customer : null,
          ...(before === undefined ? {} : { before }),
          ...(after === undefined ? {} : { after }),
          address: typeof address === 'string' ? address : null,
          details: e.details ? rest : null,
        };
      }),
    };
  }

  return {
    async events(filter: AuditFilter) {
      const found = await rows(filter, AUDIT_PAGE_LIMIT);
      return { events: found.rows, capped: found.capped, limit: AUDIT_PAGE_LIMIT };
    },

    /** The same rows as CSV; `capped` when the export stopped at its limit. */
    async csv(filter: AuditFilter): Promise<{ csv: string; capped: boolean }> {
      const found = await rows(filter, AUDIT_EXPORT_LIMIT);
      return {
        capped: found.capped,
        csv: csvOf(
          CSV_HEADER,
          found.rows.map((r) => [
            r.at,
            r.actor,
            r.actorName,
            r.action,
            r.subjectType,
            r.subjectId,
            r.customerId,
            r.before,
            r.after,
            r.address,
            r.details && Object.keys(r.details).length > 0 ? r.details : null,
          ]),
        ),
      };
    },
  };
}
