import { addDays, isIsoDate, type IsoDate } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { arrearsPence, interestFor, positionOf } from '../../entities/loans/ledger';
import { endRepaidLoan } from '../../entities/loans/loan-end';
import { addToBook, type Posting } from '../../entities/loans/loan-repository';
import { PAYMENT_IN_FLIGHT_MS, paymentRepository } from '../../entities/loans/payment-repository';
import { defaultFeeDue } from '../../entities/loans/servicing-rules';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { nowIso } from '../../lib/clock';
import { jobLock } from '../../lib/job-lock';
import { cpaCollections, type LoanOfTheDay } from './cpa-collections';
import {
  feeAllowed,
  holdsOf,
  inBreathingSpace,
  interestDayOf,
  noticesAllowed,
  type Hold,
} from './loan-holds';
import { loanNotices } from './loan-notices';
import { withdrawalReminders } from './withdrawal-reminder';
import { SYSTEM } from '../../entities/audit/actor';

/** Loans read and closed together: a few queries per page, whatever the book's size. */
const PAGE = 500;

export type DayClosed = {
  date: IsoDate;
  loans: number;
  collected: number;
  declined: number;
  skipped: boolean;
};

/**
 * The close of business (docs/decisions/021): each day not yet closed, in order, under a lock in the
 * database; per loan, the day's interest, the CPA collection due, the default fee, the arrears and
 * default notices and the status that follows. Every posting, attempt and notice has its own key, so a
 * run killed anywhere and started again finishes the day without doing anything twice.
 */
export function closeOfBusiness(ctx: AppContext, cards: CardProvider) {
  const store = unitOfWork(ctx.db, entityRepositories(ctx));
  const lock = jobLock(ctx.db, 'close-of-business');
  const collections = cpaCollections(ctx, store, cards);
  const noticesFor = loanNotices(ctx, store);
  const remindWithdrawal = withdrawalReminders(ctx, store);
  const payments = paymentRepository(ctx.db);
  let running = false;
  const { config } = ctx;

  async function lastClosed(): Promise<IsoDate | null> {
    const row = await ctx.db
      .selectFrom('business_days')
      .select((eb) => eb.fn.max('business_date').as('last'))
      .executeTakeFirst();
    return (row?.last as IsoDate | null | undefined) ?? null;
  }

  /** The first day to close: the day after the last closed, or the first day any loan was paid out. */
  async function firstOpenDay(): Promise<IsoDate | null> {
    const last = await lastClosed();
    if (last) return addDays(last, 1);
    const row = await ctx.db
      .selectFrom('loans')
      .select((eb) => eb.fn.min('funded_on').as('first'))
      .executeTakeFirst();
    return (row?.first as IsoDate | null | undefined) ?? null;
  }

  /**
   * What one day asks of one loan after its interest and collections: fee, status, notices; less for a
   * loan under a notice of withdrawal or in a Breathing Space (`hold`, docs/decisions/026).
   */
  async function serviceLoan({ book, statusId }: LoanOfTheDay, date: IsoDate, hold: Hold | undefined) {
    const { loan, terms } = book;
    const app = { id: loan.application_id, customerId: loan.customer_id };

    // No fee on a defaulted loan, nor while a forbearance plan is kept (CONC 7.3: docs/decisions/025).
    if (statusId !== AppStatus.defaulted && book.plans.at(-1)?.kind !== 'forbearance') {
      // The signed schedule's interest: the fee never takes the room the agreement's own interest needs.
      const scheduledInterestPence = book.schedule
        .filter((s) => s.version === 1)
        .reduce((sum, s) => sum + s.interestPence, 0);
      const fee = defaultFeeDue(terms, positionOf(terms, book.rows, date), date, {
        afterDays: config.DEFAULT_FEE_AFTER_DAYS,
        scheduledInterestPence,
      });
      if (fee > 0 && feeAllowed(hold, terms, positionOf(terms, book.rows, date), date)) {
        const posting: Posting = {
          applicationId: app.id,
          type: 'default-fee',
          amountPence: fee,
          onDate: date,
          reference: `default-fee:${app.id}`,
        };
        await store.loans.post([posting]);
        addToBook(book, posting);
      }
    }

    const now = positionOf(terms, book.rows, date);
    const arrears = arrearsPence(terms, now, date);
    if (now.totalDuePence === 0) {
      await endRepaidLoan(store, app, date, `repaid in full by ${date}`, SYSTEM.closeOfBusiness);
      return;
    }
    if (hold?.withdrawal) {
      // The agreement's instalments no longer apply (s66A(7)): no arrears by them, no notices under it.
      if (!inBreathingSpace(hold, date)) await remindWithdrawal(book, hold.withdrawal, date, now);
      return;
    }
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
    if (noticesAllowed(hold, date)) await noticesFor(book, statusId, date, now, arrears);
  }

  /** Closes one day for every live loan; nothing if it is closed already. */
  async function closeDay(date: IsoDate): Promise<DayClosed> {
    const tally: DayClosed = { date, loans: 0, collected: 0, declined: 0, skipped: false };
    const closed = await ctx.db
      .selectFrom('business_days')
      .select('business_date')
      .where('business_date', '=', date)
      .executeTakeFirst();
    if (closed) return { ...tally, skipped: true };
    const startedAt = nowIso();
    let after = 0;
    for (;;) {
      if (!(await lock.renew())) throw new Error('The close-of-business lock was lost to another process.');
      const page = await store.loans.livePage(date, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const books = await store.loans.books(page.map((p) => p.id));
      const holds = await holdsOf(
        ctx.db,
        page.map((p) => p.id),
      );

      // The day's interest for the whole page in one insert (a defaulted loan's interest is frozen, and
      // none is added in a Breathing Space).
      const interest: Posting[] = [];
      for (const { id, statusId } of page) {
        const book = books.get(id)!;
        const hold = holds.get(id);
        if (statusId === AppStatus.defaulted || inBreathingSpace(hold, date)) continue;
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

      // A loan whose customer is paying by card right now is collected from on another day: the CPA
      // would otherwise price its instalment without that payment (docs/decisions/025).
      const paying = await payments.chargingAmong(
        page.map((p) => p.id),
        new Date(Date.now() - PAYMENT_IN_FLIGHT_MS).toISOString(),
      );
      const serviced = page
        .filter(({ id }) => !paying.has(id))
        .map(({ id, statusId }) => ({ book: books.get(id)!, statusId }))
        .filter((l) => holds.get(l.book.loan.application_id)?.withdrawal || needsService(l, date));
      // No step to collect a debt in a Breathing Space; a notice of withdrawal cancelled the CPA.
      const collected = await collections.collect(
        serviced.filter((l) => !inBreathingSpace(holds.get(l.book.loan.application_id), date)),
        date,
      );
      tally.collected += collected.collected;
      tally.declined += collected.declined;
      for (const loan of serviced) await serviceLoan(loan, date, holds.get(loan.book.loan.application_id));
      tally.loans += page.length;
    }
    await ctx.db
      .insertInto('business_days')
      .values({ business_date: date, loans_closed: tally.loans, started_at: startedAt, closed_at: nowIso() })
      .onConflict((oc) => oc.column('business_date').doNothing())
      .execute();
    return tally;
  }

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

  return {
    lastClosed,
    /**
     * Closes every open day up to `through` (default: the day before the business date; at most the
     * business date itself), in order, holding the lock. Answers what each day did.
     */
    async closeThrough(through?: string): Promise<DayClosed[]> {
      // The lock is this process's own: a second run here would renew it, not wait for it. Checked before
      // anything is awaited, so of two calls made together the first is the one that runs.
      if (running) throw new Error('The close of business is already running in this process.');
      running = true;
      try {
        const today = await ctx.businessDate.refresh(true);
        const until = through ?? addDays(today, -1);
        if (!isIsoDate(until)) throw new Error(`Not a date: ${until}. Use yyyy-mm-dd.`);
        if (until > today) throw new Error(`Cannot close ${until}: the business date is ${today}.`);
        if (!(await lock.take())) {
          const held = await lock.heldBy();
          throw new Error(
            `The close of business is already running in another process (${held?.holder ?? 'unknown'}, ` +
              `its lock lapses at ${held?.expires_at ?? 'once released'}).`,
          );
        }
        try {
          const days: DayClosed[] = [];
          for (let date = await firstOpenDay(); date && date <= until; date = addDays(date, 1)) {
            days.push(await closeDay(date));
          }
          return days;
        } finally {
          await lock.release();
        }
      } finally {
        running = false;
      }
    },
    /** Whether a run of this process is under way (the server's daily check skips its turn). */
    isRunning: () => running,
    /** Whether any process holds the lock now: another server's daily run, or staff's by hand. */
    isHeldAnywhere: () => lock.isHeld(),
  };
}

export type CloseOfBusiness = ReturnType<typeof closeOfBusiness>;
