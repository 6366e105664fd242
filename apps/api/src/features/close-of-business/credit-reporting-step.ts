import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { creditReportingOutbox, type Sent } from '../../entities/credit-reporting/credit-reporting-outbox';
import { loanEventsOf } from '../../entities/credit-reporting/loan-events';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';

/** What the pages of a day did: the loans whose events they stored, and those records' fate. */
type Cover = {
  ids: Set<number>;
  stored: number;
  /** Whether the pages send their records themselves: only while none older waits (oldest first). */
  sending: boolean | undefined;
  /** What the agency answered the pages (what waits is counted by the day's sending). */
  sent: { sent: number; rejected: number };
};

/**
 * Sharing what we lend (issue 47), in two parts of the close of business
 * (docs/decisions/059-credit-reporting-events.md). Each page, once its other steps are done, derives the
 * loan events of the loans it names from the books it already holds (`storePageEvents`) and, with an
 * agency, sends them at once and stores each with the agency's answer: one write a record, none read
 * back (stored pending, read back and marked sent, each was written twice and read once more). It
 * sends only while no older record waits, so the agency still receives records oldest first: after an
 * agency that was down or a run that died, the pages only store, pending, and the day's part sends
 * everything in order. Then, after every page, the day stores the events of loans no page named (one that
 * left the live book during the day, a page's loan being paid by card) and sends every pending record
 * (`shareLoanEvents`). An event's id is the same however often it is derived, so each part is safe to run
 * again at any point. Without an agency (a test's own close of business) the events are still stored, for
 * the next run that has one.
 */
export function creditReportingParts(db: DbExecutor, agency: CreditReferenceAgency | undefined) {
  const outbox = creditReportingOutbox(db);
  const covered = new Map<IsoDate, Cover>();
  const coverOf = (date: IsoDate) => {
    let cover = covered.get(date);
    if (!cover) {
      const sent = { sent: 0, rejected: 0 };
      covered.set(date, (cover = { ids: new Set(), stored: 0, sending: undefined, sent }));
    }
    return cover;
  };

  return {
    async storePageEvents(date: IsoDate, ids: readonly number[], books: ReadonlyMap<number, LoanBook>) {
      const cover = coverOf(date);
      const records = await loanEventsOf(db, date, { among: ids, books });
      for (const id of ids) cover.ids.add(id);
      cover.sending ??= agency !== undefined && !(await outbox.anyPending());
      if (!agency || !cover.sending) {
        cover.stored += await outbox.store(records);
        return;
      }
      const sent = await outbox.sendAndStore(agency, records);
      cover.stored += sent.stored;
      cover.sent.sent += sent.sent;
      cover.sent.rejected += sent.rejected;
      // Down: the page's records wait, pending, and the later pages only store; the day's part tries again.
      if (sent.unavailable !== null) cover.sending = false;
    },

    async shareLoanEvents(date: IsoDate): Promise<{ stored: number; sent: Sent | null }> {
      const cover = coverOf(date);
      covered.delete(date);
      const stored = cover.stored + (await outbox.store(await loanEventsOf(db, date, { except: cover.ids })));
      if (!agency) return { stored, sent: null };
      const rest = await outbox.sendPending(agency);
      return {
        stored,
        sent: { ...rest, sent: cover.sent.sent + rest.sent, rejected: cover.sent.rejected + rest.rejected },
      };
    },
  };
}
