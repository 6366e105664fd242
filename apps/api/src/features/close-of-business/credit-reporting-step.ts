import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import { creditReportingOutbox, type Sent } from '../../entities/credit-reporting/credit-reporting-outbox';
import { loanEventsOf } from '../../entities/credit-reporting/loan-events';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';

/**
 * Sharing what we lend (issue 47): the day's loan events, derived from the ledger and the loans once the
 * day's other steps are done, go into the outbox (nothing new when they are there already), then every
 * pending record is sent, today's and any an unavailable agency left from earlier days. Safe to run again
 * at any point (docs/decisions/059-credit-reporting-events.md). Without an agency (a test's own close of
 * business) the events are still stored, for the next run that has one.
 */
export async function shareLoanEvents(
  db: DbExecutor,
  agency: CreditReferenceAgency | undefined,
  date: IsoDate,
): Promise<{ stored: number; sent: Sent | null }> {
  const outbox = creditReportingOutbox(db);
  const stored = await outbox.store(await loanEventsOf(db, date));
  return { stored, sent: agency ? await outbox.sendPending(agency) : null };
}
