import { COMPLAINT_CATEGORIES, type complaintsReportSchema } from '@lender/contract/calls/staff-complaints';
import type { IsoDate } from '@lender/contract/dates';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/create-db';

type Report = z.output<typeof complaintsReportSchema>;

/**
 * The complaints return's counts (DISP 1.10) for a period: opened in it by the day received, closed in it
 * by the day closed, how fast (within 3 business days, within 8 weeks, after), the share upheld, those
 * still open at its end, and the same by category.
 */
export async function complaintsReport(db: DbExecutor, from: IsoDate, to: IsoDate): Promise<Report> {
  const rows = await db
    .selectFrom('complaints')
    .select(['category', 'received_on', 'summary_by', 'deadline_on', 'closed_on', 'outcome'])
    .where((eb) =>
      eb.or([
        eb.and([eb('received_on', '>=', from), eb('received_on', '<=', to)]),
        eb.and([eb('closed_on', '>=', from), eb('closed_on', '<=', to)]),
        eb.and([eb('received_on', '<=', to), eb.or([eb('closed_on', 'is', null), eb('closed_on', '>', to)])]),
      ]),
    )
    .execute();
  const opened = rows.filter((r) => r.received_on >= from && r.received_on <= to);
  const closed = rows.filter((r) => r.closed_on !== null && r.closed_on >= from && r.closed_on <= to);
  const isUpheld = (r: (typeof rows)[number]) => r.outcome === 'upheld' || r.outcome === 'partlyUpheld';
  const upheld = closed.filter(isUpheld).length;
  const within3 = closed.filter((r) => r.closed_on! <= r.summary_by).length;
  const within8 = closed.filter((r) => r.closed_on! > r.summary_by && r.closed_on! <= r.deadline_on).length;
  const report: Report = {
    from,
    to,
    opened: opened.length,
    closed: closed.length,
    upheldPercent: closed.length === 0 ? null : Math.round((upheld * 100) / closed.length),
    closedWithin3BusinessDays: within3,
    closedWithin8Weeks: within8,
    closedAfter8Weeks: closed.length - within3 - within8,
    openAtEnd: rows.filter((r) => r.received_on <= to && (r.closed_on === null || r.closed_on > to)).length,
    byCategory: COMPLAINT_CATEGORIES.map((category) => ({
      category,
      opened: opened.filter((r) => r.category === category).length,
      closed: closed.filter((r) => r.category === category).length,
      upheld: closed.filter((r) => r.category === category && isUpheld(r)).length,
    })),
  };
  return report;
}
