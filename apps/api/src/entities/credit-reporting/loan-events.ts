import type { IsoDate } from '@lender/contract/dates';
import type { DbExecutor } from '../../db/create-db';
import type { SharedEvent, SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { instalmentStates, positionOf } from '../loans/ledger';
import { chunks, loanRepository, type LoanBook } from '../loans/loan-repository';
import {
  accountFiguresOn,
  accountReferenceOf,
  BORROWER_COLUMNS,
  borrowerOf,
  type BorrowerRow,
} from './account-figures';

/** A loan event of a day, before the account's figures and the borrower are added. */
type Happened = { eventId: string; applicationId: number; event: SharedEvent };

/** Ledger rows that are events themselves: each is one record, named by the row's id. */
const EVENT_ROWS = {
  advance: 'opened',
  instalment: 'payment',
  'card-payment': 'payment',
  'bank-transfer': 'payment',
  'write-off': 'written-off',
} as const;

/**
 * The loan events of `date` (issue 47), each with an id that is the same however often it is derived
 * (docs/decisions/059-credit-reporting-events.md): read from the ledger and the loans' dates, which are the
 * truth, never kept as a second record of what happened. Run at the close of `date`, after its other
 * steps, so a CPA collection, the day's default and a loan repaid that day are in.
 */
export async function loanEventsOf(
  db: DbExecutor,
  date: IsoDate,
): Promise<(SharedRecord & { applicationId: number })[]> {
  const happened: Happened[] = [];
  const [rows, loans, plans, withdrawals, due] = await Promise.all([
    db
      .selectFrom('loan_transactions')
      .select(['id', 'application_id', 'type'])
      .where('on_date', '=', date)
      .where('type', 'in', Object.keys(EVENT_ROWS) as (keyof typeof EVENT_ROWS)[])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('loans')
      .select(['application_id', 'defaulted_on', 'settled_on'])
      .where((eb) => eb.or([eb('defaulted_on', '=', date), eb('settled_on', '=', date)]))
      .execute(),
    db
      .selectFrom('loan_schedules')
      .select(['application_id', 'version'])
      .where('created_on', '=', date)
      .where('kind', '=', 'forbearance')
      .execute(),
    db.selectFrom('loan_withdrawals').select('application_id').where('notice_on', '=', date).execute(),
    db
      .selectFrom('loan_instalments')
      .innerJoin('loans', 'loans.application_id', 'loan_instalments.application_id')
      .select('loan_instalments.application_id')
      .where('loan_instalments.due_date', '=', date)
      .where('loans.funded_on', 'is not', null)
      .where('loans.settled_on', 'is', null)
      .execute(),
  ]);
  // A reversed payment never happened for the agency (a correction shows in the month's snapshot). In
  // chunks: a due day of 100,000 loans has as many payments, past PostgreSQL's 65,535 parameters a query.
  const reversed = new Set<number | null>();
  for (const part of chunks(
    rows.map((r) => r.id),
    500,
  )) {
    const found = await db
      .selectFrom('loan_transactions')
      .select('reverses_id')
      .where('type', '=', 'reversal')
      .where('reverses_id', 'in', part)
      .execute();
    for (const r of found) reversed.add(r.reverses_id);
  }
  for (const r of rows) {
    if (reversed.has(r.id)) continue;
    const event = EVENT_ROWS[r.type as keyof typeof EVENT_ROWS];
    // One opening per loan, whatever its advance row's id.
    const eventId = event === 'opened' ? `opened:${r.application_id}` : `${event}:${r.id}`;
    happened.push({ eventId, applicationId: r.application_id, event });
  }
  for (const p of plans) {
    happened.push({
      eventId: `arrangement:${p.application_id}:${p.version}`,
      applicationId: p.application_id,
      event: 'arrangement',
    });
  }
  for (const w of withdrawals) {
    happened.push({
      eventId: `withdrawn:${w.application_id}`,
      applicationId: w.application_id,
      event: 'withdrawn',
    });
  }
  for (const l of loans) {
    if (l.defaulted_on === date) {
      happened.push({
        eventId: `default:${l.application_id}`,
        applicationId: l.application_id,
        event: 'default',
      });
    }
    if (l.settled_on === date) {
      happened.push({
        eventId: `settled:${l.application_id}`,
        applicationId: l.application_id,
        event: 'settled',
      });
    }
  }

  const dueIds = [...new Set(due.map((d) => d.application_id))];
  const ids = [...new Set([...happened.map((h) => h.applicationId), ...dueIds])];
  if (ids.length === 0) return [];
  const books = await loanRepository(db).books(ids);
  const withdrawn = new Set<number>();
  for (const part of chunks(dueIds, 500)) {
    const found = await db
      .selectFrom('loan_withdrawals')
      .select('application_id')
      .where('application_id', 'in', part)
      .where('notice_on', '<=', date)
      .execute();
    for (const w of found) withdrawn.add(w.application_id);
  }
  for (const id of dueIds) {
    const book = books.get(id);
    if (!book || withdrawn.has(id)) continue;
    for (const missed of missedOn(book, date)) {
      happened.push({ eventId: `missed:${id}:${missed}`, applicationId: id, event: 'missed' });
    }
  }

  const borrowers = new Map<number, BorrowerRow>();
  for (const part of chunks(ids, 500)) {
    const found = await db
      .selectFrom('loans')
      .innerJoin('customers', 'customers.id', 'loans.customer_id')
      .select(['loans.application_id', ...BORROWER_COLUMNS])
      .where('loans.application_id', 'in', part)
      .execute();
    for (const b of found) borrowers.set(b.application_id, b);
  }

  const records: (SharedRecord & { applicationId: number })[] = [];
  for (const h of happened) {
    const book = books.get(h.applicationId);
    const borrower = borrowers.get(h.applicationId);
    if (!book || !borrower) continue;
    const figures = accountFiguresOn(book, date);
    records.push({
      applicationId: h.applicationId,
      eventId: h.eventId,
      accountReference: accountReferenceOf(h.applicationId),
      event: h.event,
      occurredOn: date,
      openedOn: figures.openedOn,
      originalAmountPence: figures.originalAmountPence,
      balancePence: figures.balancePence,
      monthlyPaymentPence: figures.monthlyPaymentPence,
      status: figures.status,
      arrangement: figures.arrangement,
      borrower: borrowerOf(borrower),
    });
  }
  return records;
}

/**
 * The current schedule's instalments due on `date` and not paid at its close (`version:seq`): a missed
 * payment, as the close of business's arrears count it. A defaulted loan misses none: its status says it.
 */
function missedOn(book: LoanBook, date: IsoDate): string[] {
  if (book.loan.defaulted_on && book.loan.defaulted_on <= date) return [];
  const version = book.plans.at(-1)?.version ?? 1;
  return instalmentStates(book.terms, positionOf(book.terms, book.rows, date))
    .filter((i) => i.dueDate === date && !i.isPaid)
    .map((i) => `${version}:${i.seq}`);
}
