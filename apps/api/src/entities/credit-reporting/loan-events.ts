import type { IsoDate } from '@lender/contract/dates';
import { sql } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import type { SharedEvent, SharedRecord } from '../../lib/credit-reference/credit-reference-agency';
import { instalmentStates, positionOf } from '../loans/ledger';
import { chunks, loanRepository, type LoanBook } from '../loans/loan-repository';
import {
  accountFiguresOn,
  type AccountFigures,
  accountReferenceOf,
  BORROWER_COLUMNS,
  borrowerOf,
  type BorrowerRow,
} from './account-figures';

/**
 * Which loans a derivation covers: all (the day as a whole), only `among` (a page of the close of
 * business), or all but `except` (what the pages left). `books`: the page's books, kept up to date in
 * memory by its steps, so a due day does not read every book twice.
 */
export type EventScope = {
  among?: readonly number[];
  except?: ReadonlySet<number>;
  books?: ReadonlyMap<number, LoanBook>;
};

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
 * `column` is one of the event rows' types, named as literals as the partial indexes of event rows name
 * them (migrations 049 and 051): a prepared statement's generic plan cannot match a parameter to them.
 */
const isEventRow = (column: string) =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(Object.keys(EVENT_ROWS).map((type) => sql.lit(type)))})`;

/**
 * Whether a book as a close-of-business page holds it shows an event of `date` that the page's loan steps
 * did not make (those are the serviced loans': a payment collected, a default, an end, an instalment
 * missed): a ledger row that is an event, a plan or a notice of withdrawal of the day. A page derives the
 * events of its serviced loans and of these; the day's part finds any other.
 */
export const bookShowsEventOn = (book: LoanBook, date: IsoDate, withdrawalNoticeOn: IsoDate | undefined) =>
  withdrawalNoticeOn === date ||
  book.plans.some((p) => p.created_on === date) ||
  book.rows.some((r) => r.onDate === date && r.type in EVENT_ROWS);

/** What a day's events are read from, however they were found. */
type DayFacts = {
  /** The day's ledger rows that are events, not reversed. */
  rows: readonly { id: number; application_id: number; type: string }[];
  /** The loans' default and settlement days (those of other days are passed over). */
  loans: readonly { application_id: number; defaulted_on: string | null; settled_on: string | null }[];
  /** Forbearance plans made on the day. */
  plans: readonly { application_id: number; version: number }[];
  /** Loans whose notice of withdrawal is dated the day. */
  withdrawnToday: readonly number[];
  /** Loans with an instalment due on the day, and those withdrawn by then (which miss none). */
  dueIds: readonly number[];
  withdrawn: ReadonlySet<number>;
};

/**
 * The loan events of `date` (issue 47), each with an id that is the same however often it is derived
 * (docs/decisions/059-credit-reporting-events.md): read from the ledger and the loans' dates, which are the
 * truth, never kept as a second record of what happened. Run at the close of `date`, after its other
 * steps, so a CPA collection, the day's default and a loan repaid that day are in.
 */
export async function loanEventsOf(
  db: DbExecutor,
  date: IsoDate,
  scope: EventScope = {},
): Promise<(SharedRecord & { applicationId: number })[]> {
  if (scope.among && scope.books) return pageEventsOf(db, date, scope.among, scope.books);
  const among = scope.among;
  const [rows, loans, plans, withdrawals, due] = await Promise.all([
    db
      .selectFrom('loan_transactions')
      .select(['id', 'application_id', 'type'])
      .where('on_date', '=', date)
      .where(isEventRow('type'))
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('loans')
      .select(['application_id', 'defaulted_on', 'settled_on'])
      .where((eb) => eb.or([eb('defaulted_on', '=', date), eb('settled_on', '=', date)]))
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .execute(),
    forbearanceMadeOn(db, date, among),
    db
      .selectFrom('loan_withdrawals')
      .select('application_id')
      .where('notice_on', '=', date)
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .execute(),
    db
      .selectFrom('loan_instalments')
      .innerJoin('loans', 'loans.application_id', 'loan_instalments.application_id')
      .select('loan_instalments.application_id')
      .where('loan_instalments.due_date', '=', date)
      .where('loans.funded_on', 'is not', null)
      .where('loans.settled_on', 'is', null)
      .$if(among !== undefined, (q) => q.where('loan_instalments.application_id', 'in', among!))
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
  const left = (id: number) => !scope.except?.has(id);
  const dueIds = [...new Set(due.map((d) => d.application_id))].filter(left);
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
  const facts: DayFacts = {
    rows: rows.filter((r) => !reversed.has(r.id) && left(r.application_id)),
    loans: loans.filter((l) => left(l.application_id)),
    plans: plans.filter((p) => left(p.application_id)),
    withdrawnToday: withdrawals.map((w) => w.application_id).filter(left),
    dueIds,
    withdrawn,
  };
  const ids = idsOf(facts, date);
  if (ids.length === 0) return [];
  const books = await loanRepository(db).books(ids);
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
  return recordsOf(date, facts, books, borrowers);
}

/**
 * A close-of-business page's events, from the books it holds (kept up to date by its steps) and three
 * statements for what the books cannot say: the day's rows' real ids (a step's posting has only a
 * stand-in id in memory), the loans' default and settlement days and borrowers (set by the steps in the
 * database), and a plan made during the day that the book lacks.
 */
async function pageEventsOf(
  db: DbExecutor,
  date: IsoDate,
  among: readonly number[],
  pageBooks: ReadonlyMap<number, LoanBook>,
): Promise<(SharedRecord & { applicationId: number })[]> {
  if (among.length === 0) return [];
  const [eventRows, loans, plans, withdrawals] = await Promise.all([
    // Every event row of the page's loans (an advance and a few payments each), the day's kept below, by
    // the partial index of event rows (migration 049), whose types are named here as written there. With the
    // day in the query, PostgreSQL's statistics (from before the day's postings) made the date index look
    // empty and it read the whole day's rows for each page: a due day's cost grew with the book's square.
    db
      .selectFrom('loan_transactions as t')
      .select(['t.id', 't.application_id', 't.type', 't.on_date'])
      .where(isEventRow('t.type'))
      .where('t.application_id', 'in', among)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('loan_transactions as r')
              .select('r.id')
              .where('r.type', '=', 'reversal')
              .whereRef('r.reverses_id', '=', 't.id'),
          ),
        ),
      )
      .orderBy('t.id')
      .execute(),
    db
      .selectFrom('loans')
      .innerJoin('customers', 'customers.id', 'loans.customer_id')
      .select(['loans.application_id', 'loans.defaulted_on', 'loans.settled_on', ...BORROWER_COLUMNS])
      .where('loans.application_id', 'in', among)
      .execute(),
    forbearanceMadeOn(db, date, among),
    db
      .selectFrom('loan_withdrawals')
      .select(['application_id', 'notice_on'])
      .where('application_id', 'in', among)
      .where('notice_on', '<=', date)
      .execute(),
  ]);
  const rows = eventRows.filter((r) => r.on_date === date);
  const facts: DayFacts = {
    rows,
    loans,
    plans,
    withdrawnToday: withdrawals.filter((w) => w.notice_on === date).map((w) => w.application_id),
    dueIds: among.filter((id) => pageBooks.get(id)?.terms.instalments.some((i) => i.dueDate === date)),
    withdrawn: new Set(withdrawals.map((w) => w.application_id)),
  };
  // The books with the loans' dates as the steps left them; one whose plan of today it lacks, read again.
  const books = new Map<number, LoanBook>();
  const stale: number[] = [];
  const dates = new Map(loans.map((l) => [l.application_id, l]));
  for (const id of idsOf(facts, date)) {
    const book = pageBooks.get(id);
    const l = dates.get(id);
    if (
      !book ||
      !l ||
      plans.some((p) => p.application_id === id && !book.plans.some((k) => k.version === p.version))
    ) {
      stale.push(id);
      continue;
    }
    books.set(id, {
      ...book,
      loan: { ...book.loan, defaulted_on: l.defaulted_on, settled_on: l.settled_on },
    });
  }
  if (stale.length > 0) for (const [id, book] of await loanRepository(db).books(stale)) books.set(id, book);
  return recordsOf(date, facts, books, new Map(loans.map((l) => [l.application_id, l])));
}

/** Forbearance plans made on `date` (of `among` only, where given). */
const forbearanceMadeOn = (db: DbExecutor, date: IsoDate, among: readonly number[] | undefined) =>
  db
    .selectFrom('loan_schedules')
    .select(['application_id', 'version'])
    .where('created_on', '=', date)
    .where('kind', '=', 'forbearance')
    .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
    .execute();

/** The loans a day's facts name. */
const idsOf = (facts: DayFacts, date: IsoDate) => [
  ...new Set([
    ...facts.rows.map((r) => r.application_id),
    ...facts.loans
      .filter((l) => l.defaulted_on === date || l.settled_on === date)
      .map((l) => l.application_id),
    ...facts.plans.map((p) => p.application_id),
    ...facts.withdrawnToday,
    ...facts.dueIds,
  ]),
];

/** The day's events as records for the agency: each with the account's figures and the borrower. */
function recordsOf(
  date: IsoDate,
  facts: DayFacts,
  books: ReadonlyMap<number, LoanBook>,
  borrowers: ReadonlyMap<number, BorrowerRow>,
): (SharedRecord & { applicationId: number })[] {
  const happened: Happened[] = [];
  for (const r of facts.rows) {
    const event = EVENT_ROWS[r.type as keyof typeof EVENT_ROWS];
    // One opening per loan, whatever its advance row's id.
    const eventId = event === 'opened' ? `opened:${r.application_id}` : `${event}:${r.id}`;
    happened.push({ eventId, applicationId: r.application_id, event });
  }
  for (const p of facts.plans) {
    happened.push({
      eventId: `arrangement:${p.application_id}:${p.version}`,
      applicationId: p.application_id,
      event: 'arrangement',
    });
  }
  for (const id of facts.withdrawnToday) {
    happened.push({ eventId: `withdrawn:${id}`, applicationId: id, event: 'withdrawn' });
  }
  for (const l of facts.loans) {
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
  for (const id of facts.dueIds) {
    const book = books.get(id);
    if (!book || facts.withdrawn.has(id)) continue;
    for (const missed of missedOn(book, date)) {
      happened.push({ eventId: `missed:${id}:${missed}`, applicationId: id, event: 'missed' });
    }
  }

  const records: (SharedRecord & { applicationId: number })[] = [];
  // A loan's events of the day share its figures at the day's end (a payment and a settlement, say).
  const figuresOf = new Map<number, AccountFigures>();
  for (const h of happened) {
    const book = books.get(h.applicationId);
    const borrower = borrowers.get(h.applicationId);
    if (!book || !borrower) continue;
    let figures = figuresOf.get(h.applicationId);
    if (!figures) {
      figures = accountFiguresOn(book, date);
      figuresOf.set(h.applicationId, figures);
    }
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
