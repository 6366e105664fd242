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
 * Whether a book as a close-of-business page holds it shows an event of `date` that the page's loan steps
 * did not make (those are the serviced loans': a payment collected, a default, an end, an instalment
 * missed): a ledger row that is an event, a plan or a notice of withdrawal of the day. A page derives the
 * events of its serviced loans and of these; the day's part finds any other.
 */
export const bookShowsEventOn = (book: LoanBook, date: IsoDate, withdrawalNoticeOn: IsoDate | undefined) =>
  withdrawalNoticeOn === date ||
  book.plans.some((p) => p.created_on === date) ||
  book.rows.some((r) => r.onDate === date && r.type in EVENT_ROWS);

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
  const happened: Happened[] = [];
  const among = scope.among;
  const [rows, loans, plans, withdrawals, due] = await Promise.all([
    db
      .selectFrom('loan_transactions')
      .select(['id', 'application_id', 'type'])
      .where('on_date', '=', date)
      .where('type', 'in', Object.keys(EVENT_ROWS) as (keyof typeof EVENT_ROWS)[])
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('loans')
      .select(['application_id', 'defaulted_on', 'settled_on'])
      .where((eb) => eb.or([eb('defaulted_on', '=', date), eb('settled_on', '=', date)]))
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .execute(),
    db
      .selectFrom('loan_schedules')
      .select(['application_id', 'version'])
      .where('created_on', '=', date)
      .where('kind', '=', 'forbearance')
      .$if(among !== undefined, (q) => q.where('application_id', 'in', among!))
      .execute(),
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

  const left = (id: number) => !scope.except?.has(id);
  const dueIds = [...new Set(due.map((d) => d.application_id))].filter(left);
  const ids = [...new Set([...happened.map((h) => h.applicationId), ...dueIds])].filter(left);
  if (ids.length === 0) return [];
  const books = scope.books
    ? await brought(db, scope.books, ids, plans)
    : await loanRepository(db).books(ids);
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

/**
 * The page's books brought up to the end of the day's steps. Their ledger rows are: while a page is worked
 * its loans are held against every other posting (lib/loan-batch-lock.ts) and each step adds what it posts
 * (`addToBook`). Their loan rows are not: a default or an end set by a step is read again here, with a
 * plan made today that the book lacks (its loan then read whole).
 */
async function brought(
  db: DbExecutor,
  books: ReadonlyMap<number, LoanBook>,
  ids: readonly number[],
  plansToday: readonly { application_id: number; version: number }[],
): Promise<Map<number, LoanBook>> {
  const out = new Map<number, LoanBook>();
  const stale = new Set(
    plansToday
      .filter((p) => !books.get(p.application_id)?.plans.some((k) => k.version === p.version))
      .map((p) => p.application_id),
  );
  const fresh = ids.filter((id) => books.has(id) && !stale.has(id));
  for (const part of chunks(fresh, 500)) {
    const dates = await db
      .selectFrom('loans')
      .select(['application_id', 'defaulted_on', 'settled_on'])
      .where('application_id', 'in', part)
      .execute();
    for (const d of dates) {
      const book = books.get(d.application_id)!;
      out.set(d.application_id, {
        ...book,
        loan: { ...book.loan, defaulted_on: d.defaulted_on, settled_on: d.settled_on },
      });
    }
  }
  const rest = ids.filter((id) => !out.has(id));
  if (rest.length > 0) for (const [id, book] of await loanRepository(db).books(rest)) out.set(id, book);
  return out;
}
