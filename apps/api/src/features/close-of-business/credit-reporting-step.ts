import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { creditReportingOutbox, type Sent } from '../../entities/credit-reporting/credit-reporting-outbox';
import { loanEventsOf } from '../../entities/credit-reporting/loan-events';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';

/**
 * Sharing what we lend (issue 47), in two parts of the close of business
 * (docs/decisions/059-credit-reporting-events.md). Each page, once its other steps are done, stores the
 * loan events of the loans it names from the books it already holds (`storePageEvents`); then, after
 * every page, the day stores the events of loans no page named (one that left the live book during the
 * day, a page's loan being paid by card) and sends every pending record, today's and any an unavailable
 * agency left from earlier days (`shareLoanEvents`). An event's id is the same however often it is
 * derived, so each part is safe to run again at any point. Without an agency (a test's own close of
 * business) the events are still stored, for the next run that has one.
 */
export function creditReportingParts(db: DbExecutor, agency: CreditReferenceAgency | undefined) {
  const outbox = creditReportingOutbox(db);
  /** By day: the loans whose events a page stored, and how many records it stored new. */
  const covered = new Map<IsoDate, { ids: Set<number>; stored: number }>();
  const coverOf = (date: IsoDate) => {
    let cover = covered.get(date);
    if (!cover) covered.set(date, (cover = { ids: new Set(), stored: 0 }));
    return cover;
  };

  return {
    async storePageEvents(date: IsoDate, ids: readonly number[], books: ReadonlyMap<number, LoanBook>) {
      const cover = coverOf(date);
      cover.stored += await outbox.store(await loanEventsOf(db, date, { among: ids, books }));
      for (const id of ids) cover.ids.add(id);
    },

    async shareLoanEvents(date: IsoDate): Promise<{ stored: number; sent: Sent | null }> {
      const cover = coverOf(date);
      covered.delete(date);
      const stored = cover.stored + (await outbox.store(await loanEventsOf(db, date, { except: cover.ids })));
      return { stored, sent: agency ? await outbox.sendPending(agency) : null };
    },
  };
}
