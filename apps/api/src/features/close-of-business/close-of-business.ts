import { addDays, isIsoDate, type IsoDate } from '@lender/contract/dates';
import type { AppContext } from '../../app-context';
import { PAYMENT_IN_FLIGHT_MS, paymentRepository } from '../../entities/loans/payment-repository';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { CreditReferenceAgency } from '../../lib/credit-reference/credit-reference-agency';
import { nowIso } from '../../lib/clock';
import { jobLock } from '../../lib/job-lock';
import { loanBatchLock } from '../../lib/loan-batch-lock';
import {
  closeOfBusinessSteps,
  servicedOf,
  type CobStep,
  type DayClosed,
  type LoanStep,
  type PageOfDay,
} from './close-of-business-steps';
import { holdsOf } from './loan-holds';

export type { DayClosed } from './close-of-business-steps';

/** Loans read, locked and closed together: a few queries per page, whatever the book's size. */
const PAGE = 500;

export type CloseOfBusinessOptions = {
  /** Loans per page (and per batch lock); tests use small pages to hold the run on one loan. */
  pageSize?: number;
  /** Called before each step of each page, with the page's loans: a test holds the run here. */
  beforeStep?: (step: string, loanIds: readonly number[]) => Promise<void>;
  /** The agency the day's loan events are shared with (issue 47); none: stored, sent by a later run. */
  creditReference?: CreditReferenceAgency;
};

/**
 * The close of business (docs/decisions/021, 024 and wa-cob-steps): each day not yet closed, in order,
 * one run at a time under a lock in the database; page by page, the named steps of
 * `closeOfBusinessSteps` in their order, holding only the page's loans (a batch lock) while it works on
 * them, so that a customer's card payment waits for its own loan only. Every posting, attempt and notice
 * has its own key, so a run killed anywhere and started again finishes the day without doing anything
 * twice.
 */
export function closeOfBusiness(ctx: AppContext, cards: CardProvider, options: CloseOfBusinessOptions = {}) {
  const store = unitOfWork(ctx.db, entityRepositories(ctx));
  const lock = jobLock(ctx.db, 'close-of-business');
  const batch = loanBatchLock(ctx.db, 'close-of-business', lock.holder);
  const steps = closeOfBusinessSteps(ctx, store, cards, options.creditReference);
  const payments = paymentRepository(ctx.db);
  const pageSize = options.pageSize ?? PAGE;
  let running = false;

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

  /** Adds the time since `started` to the step's total for the day. */
  function timed(tally: DayClosed, name: string, started: number) {
    tally.stepMs[name] = (tally.stepMs[name] ?? 0) + (performance.now() - started);
  }

  /** The steps in their order: page steps once, each run of loan steps for one loan after another. */
  async function runSteps(page: PageOfDay) {
    const ids = page.loans.map((l) => l.id);
    const { tally } = page;
    for (let i = 0; i < steps.length;) {
      const step: CobStep = steps[i]!;
      if (step.scope === 'day') {
        i++;
        continue;
      }
      if (step.scope === 'page') {
        await options.beforeStep?.(step.name, ids);
        const started = performance.now();
        await step.run(page);
        timed(tally, step.name, started);
        i++;
        continue;
      }
      const run: LoanStep[] = [];
      for (; i < steps.length && steps[i]!.scope === 'loan'; i++) run.push(steps[i] as LoanStep);
      for (const s of run) await options.beforeStep?.(s.name, ids);
      for (const loan of servicedOf(page)) {
        for (const s of run) {
          if (loan.done) break;
          const started = performance.now();
          await s.run(loan, page);
          timed(tally, s.name, started);
        }
      }
    }
  }

  /** Closes one day for every live loan; nothing if it is closed already. */
  async function closeDay(date: IsoDate): Promise<DayClosed> {
    const tally: DayClosed = { date, loans: 0, collected: 0, declined: 0, skipped: false, stepMs: {} };
    const closed = await ctx.db
      .selectFrom('business_days')
      .select('business_date')
      .where('business_date', '=', date)
      .executeTakeFirst();
    if (closed) return { ...tally, skipped: true };
    const startedAt = nowIso();

    /**
     * The page of loans after `after`, held by the batch (from `heldFrom`, the page still being worked on,
     * when there is one), with their books and holds; null when the book is done.
     */
    async function readPage(after: number, heldFrom?: number) {
      const loans = await store.loans.livePage(date, after, pageSize);
      if (loans.length === 0) {
        // The last page's: the batch no longer holds the pages before it (it held the one before too).
        if (heldFrom !== undefined) await batch.hold(heldFrom, after);
        return null;
      }
      const ids = loans.map((p) => p.id);
      const last = ids[ids.length - 1]!;
      // From here until the page is done, a payment on one of these loans waits for it (and only then).
      await batch.hold(heldFrom ?? ids[0]!, last);
      // Read before the books: a payment answered since is in them; one still charging is left for another
      // day (the CPA would otherwise price its instalment without that payment, docs/decisions/025).
      let reading = performance.now();
      const paying = await payments.chargingAmong(
        ids,
        new Date(Date.now() - PAYMENT_IN_FLIGHT_MS).toISOString(),
      );
      const books = await store.loans.books(ids);
      timed(tally, 'read-books', reading);
      reading = performance.now();
      const agreementDates = new Map([...books].map(([id, b]) => [id, b.loan.priced_on as IsoDate]));
      const holds = await holdsOf(ctx.db, ids, { date, agreementDates });
      timed(tally, 'read-holds', reading);
      return { date, loans, books, holds, paying, tally, last };
    }

    // Each page's successor is read while its steps run: PostgreSQL answers the reads on one core while
    // Node works the page on the other (issue 44). The batch holds both pages meanwhile, so a payment on
    // the next page's loans waits for the two of them at most, and the books read are never stale.
    let next = readPage(0);
    try {
      for (;;) {
        if (!(await lock.renew())) throw new Error('The close-of-business lock was lost to another process.');
        const page = await next;
        if (!page) break;
        next = readPage(page.last, page.loans[0]!.id);
        // Handled from now: a read that fails while the page's steps run is met by the `await` above.
        next.catch(() => undefined);
        await runSteps(page);
        tally.loans += page.loans.length;
      }
    } catch (err) {
      // A failed page stops the day. The read in flight finishes first (its outcome no longer matters):
      // it moves the batch, which the run's end then releases, rather than holding loans after it.
      await next.catch(() => undefined);
      throw err;
    }
    // After every page, before the day is marked closed: a run killed here does the day steps again.
    for (const step of steps) {
      if (step.scope !== 'day') continue;
      if (!(await lock.renew())) throw new Error('The close-of-business lock was lost to another process.');
      await options.beforeStep?.(step.name, []);
      const started = performance.now();
      await step.run(date, tally);
      timed(tally, step.name, started);
    }
    // The last page's batch stays until the next day's first page moves it, or the run ends: one statement
    // a day less, and those loans are done with for the day.
    await ctx.db
      .insertInto('business_days')
      .values({ business_date: date, loans_closed: tally.loans, started_at: startedAt, closed_at: nowIso() })
      .onConflict((oc) => oc.column('business_date').doNothing())
      .execute();
    return tally;
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
          await batch.release();
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
