import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { ScheduleLine } from '@lender/contract/pricing/pricing';
import type { Insertable, Selectable } from 'kysely';
import type { DbExecutor } from '../../db/create-db';
import { insertMany } from '../../db/many-rows';
import type {
  CpaAttemptTable,
  LoanInstalmentTable,
  LoanScheduleTable,
  LoanTable,
  LoanTransactionTable,
  LoanTransactionType,
} from './loan-tables';
import { nowIso } from '../../lib/clock';
import type { LedgerRow, LoanTerms } from './ledger';
import type { Attempt } from './servicing-rules';
import { customerLoanRows } from './customer-loan-rows';
import type { LoanFactsRow } from './loan-facts-query';
import type { Actor } from '../audit/actor';

export type LoanRow = Selectable<LoanTable>;
export type AttemptRow = Selectable<CpaAttemptTable>;

/** A loan with everything its position is derived from. */
export type LoanBook = {
  loan: LoanRow;
  terms: LoanTerms;
  /**
   * Every version of the schedule, oldest first, with its interest and principal split (for the
   * customer's schedule and statement); `terms.instalments` is the current version's.
   */
  schedule: {
    seq: number;
    version: number;
    dueDate: IsoDate;
    paymentPence: Pence;
    principalPence: Pence;
    interestPence: Pence;
  }[];
  /** The reschedules, oldest first (none: the signed schedule is the current one). */
  plans: PlanRow[];
  rows: LedgerRow[];
  attempts: AttemptRow[];
};

export type PlanRow = Selectable<LoanScheduleTable>;

/** The current version of the schedule: the newest reschedule's, else the signed one (1). */
export const currentVersion = (book: Pick<LoanBook, 'plans'>) => book.plans.at(-1)?.version ?? 1;

export type Posting = {
  applicationId: number;
  type: LoanTransactionType;
  amountPence: Pence;
  onDate: IsoDate;
  /** Unique: posting it again changes nothing. */
  reference: string;
  reversesId?: number | null;
  /** The person who made it; none when a job posts it (its reference names the job). */
  actor?: Actor;
};

export const attemptOf = (a: AttemptRow): Attempt => ({
  seq: a.seq,
  attempt: a.attempt,
  onDate: a.on_date,
  outcome: a.outcome,
  createdAt: a.created_at,
});

/**
 * A posting just made, added to a book read earlier, so that the rest of the day reads the loan from
 * memory instead of again from the database. It sorts after every row read (as it was posted after them).
 */
export function addToBook(book: LoanBook, posting: Posting): void {
  const lastId = book.rows.reduce((most, r) => Math.max(most, r.id), 0);
  book.rows.push({
    id: lastId + 1,
    type: posting.type,
    amountPence: posting.amountPence,
    onDate: posting.onDate,
    reversesId: posting.reversesId ?? null,
  });
}

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));

type InstalmentRow = Selectable<LoanInstalmentTable>;
export type TransactionRow = Pick<
  Selectable<LoanTransactionTable>,
  'id' | 'application_id' | 'type' | 'amount_pence' | 'on_date' | 'reverses_id'
>;

/** Books of loans from their rows, each list in order (instalments by seq, the rest by id). */
function assemble(
  books: Map<number, LoanBook>,
  loans: readonly LoanRow[],
  instalments: readonly InstalmentRow[],
  rows: readonly TransactionRow[],
  attempts: readonly AttemptRow[],
  plans: readonly PlanRow[],
) {
  for (const loan of loans) {
    books.set(loan.application_id, {
      loan,
      terms: { principalPence: loan.principal_pence, dailyRate: loan.daily_rate, instalments: [] },
      schedule: [],
      plans: [],
      rows: [],
      attempts: [],
    });
  }
  for (const plan of plans) books.get(plan.application_id)?.plans.push(plan);
  // Objects written out whole rather than spread and added to, which costs about a microsecond each
  // (ledger.ts): every borrow page assembles its customer's books.
  for (const book of books.values()) {
    const plan = book.plans.at(-1);
    if (plan) {
      book.terms = {
        principalPence: book.terms.principalPence,
        dailyRate: plan.daily_rate,
        instalments: book.terms.instalments,
        paidBeforePence: plan.paid_before_pence,
      };
    }
  }
  for (const i of instalments) {
    const book = books.get(i.application_id);
    if (!book) continue;
    if (i.version === currentVersion(book)) {
      (book.terms.instalments as LoanTerms['instalments'][number][]).push({
        seq: i.seq,
        dueDate: i.due_date,
        paymentPence: i.payment_pence,
      });
    }
    book.schedule.push({
      seq: i.seq,
      dueDate: i.due_date,
      paymentPence: i.payment_pence,
      version: i.version,
      principalPence: i.principal_pence,
      interestPence: i.interest_pence,
    });
  }
  for (const r of rows) {
    books.get(r.application_id)?.rows.push({
      id: r.id,
      type: r.type,
      amountPence: r.amount_pence,
      onDate: r.on_date,
      reversesId: r.reverses_id,
    });
  }
  for (const a of attempts) books.get(a.application_id)?.attempts.push(a);
}

/** A customer's loan as the borrow area reads it. */
export type CustomerLoan = { book: LoanBook; approvedAt: string | null };

/** What the borrow area reads of a customer: the newest application (a repeat may have no loan yet), the loans. */
export type CustomerLoans = {
  newest: { id: number; guid: string; statusId: number } | undefined;
  /** Newest first. */
  loans: CustomerLoan[];
  /** With `factsOn`: the loan state's facts on that day, read in the same statement (loan-facts-query.ts). */
  facts?: LoanFactsRow;
};

/** The loans and their ledger: the one place that reads and writes them. */
export function loanRepository(db: DbExecutor) {
  return {
    /** The signed agreement as a loan: its principal, rate and schedule, fixed from now on. */
    async insertSigned(input: {
      applicationId: number;
      customerId: number;
      principalPence: Pence;
      dailyRate: number;
      pricedOn: IsoDate;
      totalRepayablePence: Pence;
      schedule: readonly ScheduleLine[];
    }): Promise<void> {
      await db
        .insertInto('loans')
        .values({
          application_id: input.applicationId,
          customer_id: input.customerId,
          principal_pence: input.principalPence,
          daily_rate: input.dailyRate,
          priced_on: input.pricedOn,
          total_repayable_pence: input.totalRepayablePence,
          funded_on: null,
          settled_on: null,
          blocked_on: null,
          blocked_reason: null,
          cpa_cancelled_at: null,
          default_notice_on: null,
          remedy_by: null,
          defaulted_on: null,
          created_at: nowIso(),
          cpa_renewed_at: null,
        })
        .execute();
      await db
        .insertInto('loan_instalments')
        .values(
          input.schedule.map((line, k) => ({
            application_id: input.applicationId,
            seq: k + 1,
            due_date: line.date,
            payment_pence: line.paymentPence,
            principal_pence: line.principalPence,
            interest_pence: line.interestPence,
          })),
        )
        .execute();
    },

    /**
     * A new version of a loan's schedule (a reschedule, a refinance, a plan agreed by staff) with its
     * instalments, numbered on from the last: the book's schedule then follows it. Run it in the
     * transaction that records why the schedule changed.
     */
    async addScheduleVersion(
      schedule: Omit<Insertable<LoanScheduleTable>, 'created_at'>,
      lines: readonly Pick<ScheduleLine, 'date' | 'paymentPence' | 'principalPence' | 'interestPence'>[],
      firstSeq: number,
    ): Promise<void> {
      await db
        .insertInto('loan_schedules')
        .values({ ...schedule, created_at: nowIso() })
        .execute();
      await db
        .insertInto('loan_instalments')
        .values(
          lines.map((line, k) => ({
            application_id: schedule.application_id,
            seq: firstSeq + k,
            version: schedule.version,
            due_date: line.date,
            payment_pence: line.paymentPence,
            principal_pence: line.principalPence,
            interest_pence: line.interestPence,
          })),
        )
        .execute();
    },

    /** Every loan named, with its schedule, ledger rows and attempts, in a few queries per 500 loans. */
    async books(applicationIds: readonly number[]): Promise<Map<number, LoanBook>> {
      const books = new Map<number, LoanBook>();
      for (const ids of chunks(applicationIds, 500)) {
        if (ids.length === 0) continue;
        const [loans, instalments, rows, attempts, plans] = await Promise.all([
          db.selectFrom('loans').selectAll().where('application_id', 'in', ids).execute(),
          db
            .selectFrom('loan_instalments')
            .selectAll()
            .where('application_id', 'in', ids)
            .orderBy('application_id')
            .orderBy('seq')
            .execute(),
          db
            .selectFrom('loan_transactions')
            .select(['id', 'application_id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
            .where('application_id', 'in', ids)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('cpa_attempts')
            .selectAll()
            .where('application_id', 'in', ids)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('loan_schedules')
            .selectAll()
            .where('application_id', 'in', ids)
            .orderBy('application_id')
            .orderBy('version')
            .execute(),
        ]);
        assemble(books, loans, instalments, rows, attempts, plans);
      }
      return books;
    },

    /**
     * A customer's loans, newest first, with their books and when each was approved, and the customer's
     * newest application, in one query.
     */
    async ofCustomer(customerId: number, factsOn?: IsoDate): Promise<CustomerLoans> {
      const found = await customerLoanRows(db, customerId, factsOn);
      const books = new Map<number, LoanBook>();
      assemble(books, found.loans, found.instalments, found.transactions, found.attempts, found.plans);
      // The latest approval (rows come oldest first).
      const approvedAt = new Map(found.approvals.map((d) => [d.applicationId, d.at]));
      const { loans, newest } = found;
      return {
        newest,
        loans: loans.map((loan) => ({
          book: books.get(loan.application_id)!,
          approvedAt: approvedAt.get(loan.application_id) ?? null,
        })),
        ...(found.facts ? { facts: found.facts } : {}),
      };
    },

    /**
     * The customer's loan being repaid, if any: paid out, not settled, its application the newest and
     * live (active, in arrears or defaulted). What the customer's payments, cards and plans act on.
     */
    async liveOf(customerId: number): Promise<LoanBook | undefined> {
      const { newest, loans } = await this.ofCustomer(customerId);
      const book = loans[0]?.book;
      if (!book?.loan.funded_on || book.loan.settled_on || newest?.id !== book.loan.application_id) return;
      return LIVE_LOAN_STATUSES.includes(newest.statusId) ? book : undefined;
    },

    /**
     * The next page of live loans (paid out by `through`, not settled, withdrawn or declined) after the
     * loan `after`, in id order, with their application's status: how the close of business walks the book.
     */
    livePage: (through: IsoDate, after: number, size: number) =>
      db
        .selectFrom('loans')
        .innerJoin('applications', 'applications.id', 'loans.application_id')
        .select(['loans.application_id as id', 'applications.status_id as statusId'])
        .where('applications.status_id', 'in', [...LIVE_LOAN_STATUSES])
        .where('loans.funded_on', '<=', through)
        .where('loans.application_id', '>', after)
        .orderBy('loans.application_id')
        .limit(size)
        .execute(),

    /** Posts movements of money; one already posted under its reference is left as it is. */
    async post(postings: readonly Posting[]): Promise<void> {
      const created_at = nowIso();
      await insertMany(
        db,
        'loan_transactions',
        postings.map((p) => ({
          application_id: p.applicationId,
          type: p.type,
          amount_pence: p.amountPence,
          on_date: p.onDate,
          reverses_id: p.reversesId ?? null,
          reference: p.reference,
          actor: p.actor ?? null,
          created_at,
        })),
        { skipExisting: 'reference' },
      );
    },

    update: (applicationId: number, change: Partial<Omit<LoanRow, 'application_id'>>) =>
      db.updateTable('loans').set(change).where('application_id', '=', applicationId).execute(),
  };
}

export type LoanRepository = ReturnType<typeof loanRepository>;
