import { nowIso } from '../../lib/clock';
import type { IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { arrearsPence, interestFor, positionOf } from '../../entities/loans/ledger';
import { endRepaidLoan } from '../../entities/loans/loan-end';
import { SYSTEM } from '../../entities/audit/actor';
import { addToBook, type LoanBook, type Posting } from '../../entities/loans/loan-repository';
import { defaultFeeDue } from '../../entities/loans/servicing-rules';
import type { EntityStore } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';
import { cpaCollections, type LoanOfTheDay } from './cpa-collections';
import { annualStatementStep } from './annual-statement-step';
import { creditReportingParts } from './credit-reporting-step';
import { bookShowsEventOn } from '../../entities/credit-reporting/loan-events';
import { defaultFeeCharger } from './default-sum-notice';
import {
  feeAllowed,
  inBreathingSpace,
  interestDayOf,
  interestFreeOn,
  lateStatementOn,
  noticesAllowed,
  type Hold,
} from './loan-holds';
import { loanNotices } from './loan-notices';
import { checkPromises } from './promise-check';
import { withdrawalReminders } from './withdrawal-reminder';

export type DayClosed = {
  date: IsoDate;
  loans: number;
  collected: number;
  declined: number;
  skipped: boolean;
  /** The day's loan events for the credit reference agency: stored new, and what the sending did. */
  shared?: { stored: number; sent: number; rejected: number; pending: number; unavailable: string | null };
  /** Milliseconds each named step took over the day's pages (what the bench and `ops` report per step). */
  stepMs: Record<string, number>;
};

/** A loan with something to do today, its holds, and whether the day is done with it (repaid, withdrawn). */
export type ServicedLoan = LoanOfTheDay & { hold: Hold | undefined; done: boolean };

/** One page of the book on the day being closed, as the steps see it (the books kept up to date in memory). */
export type PageOfDay = {
  date: IsoDate;
  loans: readonly { id: number; statusId: number }[];
  books: Map<number, LoanBook>;
  holds: Map<number, Hold>;
  /** Loans whose customer is paying by card right now: collected from another day (docs/decisions/025). */
  paying: Set<number>;
  tally: DayClosed;
  /** The loans with something to do today, chosen once, after the day's interest (`servicedOf`). */
  serviced?: ServicedLoan[];
};

/** A step run once for the whole page (one statement for the page where it can). */
export type PageStep = { name: string; scope: 'page'; run: (page: PageOfDay) => Promise<void> };
/** A step run for each serviced loan of the page; the loan steps in a row run one loan at a time, in order. */
export type LoanStep = {
  name: string;
  scope: 'loan';
  run: (loan: ServicedLoan, page: PageOfDay) => Promise<void>;
};
/** A step run once for the whole day, after every page (what reads the day as a whole). */
export type DayStep = {
  name: string;
  scope: 'day';
  run: (date: IsoDate, tally: DayClosed) => Promise<void>;
};
export type CobStep = PageStep | LoanStep | DayStep;

/**
 * Most loans on most days only accrue: only those with something due, overdue, owed in full or
 * under notice need their own queries.
 */
function needsService({ book, statusId }: LoanOfTheDay, date: IsoDate): boolean {
  if (statusId !== AppStatus.active) return true;
  if (book.attempts.some((a) => a.outcome === 'pending' || a.outcome === 'unavailable')) return true;
  if (book.terms.instalments.some((i) => i.dueDate === date)) return true;
  const position = positionOf(book.terms, book.rows, date);
  return position.totalDuePence === 0 || arrearsPence(book.terms, position, date) > 0;
}

/** The page's loans with something to do today, but not those being paid by card right now. */
export function servicedOf(page: PageOfDay): ServicedLoan[] {
  page.serviced ??= page.loans
    .filter(({ id }) => !page.paying.has(id))
    .map(({ id, statusId }) => ({
      book: page.books.get(id)!,
      statusId,
      hold: page.holds.get(id),
      done: false,
    }))
    .filter((l) => l.hold?.withdrawal || needsService(l, page.date));
  return page.serviced;
}

/**
 * THE order of the close of business (docs/decisions/021, 024, wa-cob-steps): each day, page by page,
 * these steps in this order. Adding a step is a function here and one entry in this list; the loan steps
 * in a row run for one loan after another (fee, then status, then notices, for the same loan), so a
 * later one sees what an earlier one posted; the day steps run once after every page. Every step is safe to run again after a crash: each
 * posting, attempt and notice has its own key.
 */
export function closeOfBusinessSteps(
  ctx: AppContext,
  store: EntityStore,
  cards: CardProvider,
  /** Where the day's loan events go (issue 47); none: they are stored for a later run to send. */
  creditReference?: CreditReferenceAgency,
): CobStep[] {
  const collections = cpaCollections(ctx, store, cards);
  const noticesFor = loanNotices(ctx, store);
  const chargeDefaultFee = defaultFeeCharger(ctx, store);
  const remindWithdrawal = withdrawalReminders(ctx, store);
  const creditReporting = creditReportingParts(ctx.db, creditReference);
  const giveAnnualStatements = annualStatementStep(ctx, store);
  const { config } = ctx;
  const collectable = (page: PageOfDay) =>
    servicedOf(page).filter((l) => !inBreathingSpace(l.hold, page.date));

  return [
    {
      // The day's interest for the whole page in one insert (a defaulted loan's interest is frozen, and
      // none is added in a Breathing Space nor while an annual statement is late, s77A(6)(b)).
      name: 'interest',
      scope: 'page',
      async run({ date, loans, books, holds }) {
        const interest: Posting[] = [];
        for (const { id, statusId } of loans) {
          const book = books.get(id)!;
          const hold = holds.get(id);
          if (statusId === AppStatus.defaulted || interestFreeOn(hold, date)) continue;
          const position = positionOf(book.terms, book.rows, date);
          const amountPence = interestFor(book.terms, position, interestDayOf(hold, position, date));
          if (amountPence === 0) continue;
          const posting: Posting = {
            applicationId: id,
            type: 'interest',
            amountPence,
            onDate: date,
            reference: `interest:${id}:${date}`,
          };
          interest.push(posting);
          addToBook(book, posting);
        }
        await store.loans.post(interest);
      },
    },
    {
      // No step to collect a debt in a Breathing Space; a notice of withdrawal cancelled the CPA.
      name: 'cpa-collections',
      scope: 'page',
      async run(page) {
        const collected = await collections.collect(collectable(page), page.date);
        page.tally.collected += collected.collected;
        page.tally.declined += collected.declined;
      },
    },
    {
      name: 'card-blocks',
      scope: 'page',
      run: (page) => collections.blockFailedCards(collectable(page), page.date),
    },
    {
      // No fee on a defaulted loan, nor while a forbearance plan is kept (CONC 7.3: docs/decisions/025),
      // nor under a hold (loan-holds.ts).
      name: 'default-fee',
      scope: 'loan',
      async run({ book, statusId, hold }, { date }) {
        if (statusId === AppStatus.defaulted || book.plans.at(-1)?.kind === 'forbearance') return;
        const { terms } = book;
        // The signed schedule's interest: the fee never takes the room the agreement's own interest needs.
        const scheduledInterestPence = book.schedule
          .filter((s) => s.version === 1)
          .reduce((sum, s) => sum + s.interestPence, 0);
        const position = positionOf(terms, book.rows, date);
        const fee = defaultFeeDue(terms, position, date, {
          afterDays: config.DEFAULT_FEE_AFTER_DAYS,
          scheduledInterestPence,
        });
        if (fee === 0 || !feeAllowed(hold, terms, position, date)) return;
        await chargeDefaultFee(book, fee, date);
      },
    },
    {
      name: 'end-repaid',
      scope: 'loan',
      async run(loan, { date }) {
        const { book } = loan;
        if (positionOf(book.terms, book.rows, date).totalDuePence > 0) return;
        const app = { id: book.loan.application_id, customerId: book.loan.customer_id };
        await endRepaidLoan(store, app, date, `repaid in full by ${date}`, SYSTEM.closeOfBusiness);
        loan.done = true;
      },
    },
    {
      // The agreement's instalments no longer apply (s66A(7)): no arrears by them, no notices under it.
      name: 'withdrawal-reminder',
      scope: 'loan',
      async run(loan, { date }) {
        const withdrawal = loan.hold?.withdrawal;
        if (!withdrawal) return;
        if (!inBreathingSpace(loan.hold, date)) {
          await remindWithdrawal(
            loan.book,
            withdrawal,
            date,
            positionOf(loan.book.terms, loan.book.rows, date),
          );
        }
        loan.done = true;
      },
    },
    {
      name: 'arrears-status',
      scope: 'loan',
      async run({ book, statusId }, { date }) {
        const arrears = arrearsPence(book.terms, positionOf(book.terms, book.rows, date), date);
        const app = { id: book.loan.application_id, customerId: book.loan.customer_id };
        if (arrears > 0 && statusId === AppStatus.active) {
          await transition(store, app, ApplicationStep.fallIntoArrears, {
            kind: 'arrears',
            reason: `${arrears}p overdue on ${date}`,
            actor: SYSTEM.closeOfBusiness,
          });
        } else if (arrears === 0 && statusId === AppStatus.arrears) {
          await transition(store, app, ApplicationStep.catchUp, {
            kind: 'arrears-cleared',
            reason: `nothing overdue on ${date}`,
            actor: SYSTEM.closeOfBusiness,
          });
        }
      },
    },
    {
      // The s86B and s87 notices, the default and the legal flag (decision 023), waiting out a hold.
      name: 'notices',
      scope: 'loan',
      async run({ book, statusId, hold }, { date }) {
        if (!noticesAllowed(hold, date)) return;
        const now = positionOf(book.terms, book.rows, date);
        await noticesFor(
          book,
          statusId,
          date,
          now,
          arrearsPence(book.terms, now, date),
          lateStatementOn(hold, date),
        );
      },
    },
    {
      // The s77A annual statement of every loan of the page still owing whose statement period ended
      // before today (issue 46 item 9, docs/decisions/073): after the day's loan steps, so a loan repaid
      // or ended today gets none; for every loan of the page, not only the serviced ones.
      name: 'annual-statements',
      scope: 'page',
      run: giveAnnualStatements,
    },
    {
      // The page's loan events for the credit reference agency (issue 47), once its payments, defaults and
      // ends are in, from the books in hand: of the loans serviced today and those whose book shows an
      // event of the day; most loans on most days have none, and ask nothing. A loan being paid by card
      // is left to the day's part below.
      name: 'credit-events',
      scope: 'page',
      async run(page) {
        const { date, loans, books, holds } = page;
        const serviced = new Set(servicedOf(page).map((l) => l.book.loan.application_id));
        const ids = loans
          .map((l) => l.id)
          .filter((id) => !page.paying.has(id))
          .filter(
            (id) =>
              serviced.has(id) ||
              bookShowsEventOn(books.get(id)!, date, holds.get(id)?.withdrawal?.notice_on),
          );
        if (ids.length > 0) await creditReporting.storePageEvents(date, ids, books);
      },
    },
    {
      // Once the day's payments are in: promises to pay kept, or broken on their due date (issue 48).
      name: 'promises',
      scope: 'day',
      async run(date) {
        await checkPromises(ctx.db, date);
      },
    },
    {
      // Issue 49: a bank statement's transactions are kept 30 days after the decision that read them,
      // then deleted (its figures stay with the application); consents past their expiry are over.
      name: 'bank-statements',
      scope: 'day',
      async run(date) {
        await store.bankConnections.deleteDueTransactions(date);
        await store.bankConnections.expireLapsed(nowIso());
      },
    },
    {
      // Last, once the day's payments, defaults and settlements are in: the events no page stored, then
      // the day's records to the credit reference agency (issue 47, docs/decisions/059-credit-reporting-events.md).
      name: 'credit-reporting',
      scope: 'day',
      async run(date, tally) {
        const { stored, sent } = await creditReporting.shareLoanEvents(date);
        tally.shared = {
          stored,
          sent: sent?.sent ?? 0,
          rejected: sent?.rejected ?? 0,
          pending: sent?.pending ?? stored,
          unavailable: sent ? sent.unavailable : 'no agency given',
        };
      },
    },
  ];
}
