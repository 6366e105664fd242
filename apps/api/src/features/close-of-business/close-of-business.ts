import { addDays, daysBetween, isIsoDate, type IsoDate } from '@lender/contract/dates';
import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/create-db';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { arrearsPence, interestFor, positionOf } from '../../entities/loans/ledger';
import { attemptOf, type LoanBook, type Posting } from '../../entities/loans/loan-repository';
import {
  attemptsExhausted,
  collectionDue,
  defaultFeeDue,
  defaultNoticeDue,
  s86bTrigger,
} from '../../entities/loans/servicing-rules';
import { entityRepositories, unitOfWork } from '../../entities/unit-of-work';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import { nowIso } from '../../lib/clock';
import { jobLock } from '../../lib/job-lock';
import { decrypt } from '../../lib/secrets';
import { arrearsNoticeEmail, cardBlockedEmail, defaultNoticeEmail } from './servicing-emails';

/** Loans read and closed together: a few queries per page, whatever the book's size. */
const PAGE = 500;
/** The provider's code for an expired card: no second attempt on a card that cannot pay. */
const EXPIRED = '54';

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

  const customerOf = (customerId: number) =>
    ctx.db
      .selectFrom('customers')
      .select(['email', 'first_name'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();

  /** One collection attempt: stored with its key, then the charge, then its answer and the money. */
  async function collect(
    book: LoanBook,
    date: IsoDate,
    seq: number,
    attempt: number,
    amountPence: number,
    key: string,
  ) {
    const { loan } = book;
    await ctx.db
      .insertInto('cpa_attempts')
      .values({
        application_id: loan.application_id,
        seq,
        attempt,
        on_date: date,
        idempotency_key: key,
        amount_pence: amountPence,
        outcome: 'pending',
        z2: null,
        z3: null,
        charge_id: null,
        created_at: nowIso(),
        answered_at: null,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const card = await ctx.db
      .selectFrom('cards')
      .select('provider_token_sealed')
      .where('customer_id', '=', loan.customer_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const result = card
      ? await cards.charge({
          token: decrypt(card.provider_token_sealed, config.DATA_KEY),
          amountPence,
          reference: key,
        })
      : ({ outcome: 'declined', chargeId: '', z2: '12', z3: 'No card on file.' } as const);
    const outcome = result.outcome;
    await store.transaction(async ({ loans }, trx) => {
      await trx
        .updateTable('cpa_attempts')
        .set({
          outcome,
          z2: 'z2' in result ? result.z2 : null,
          z3:
            'z3' in result
              ? result.z3.slice(0, 200)
              : 'reason' in result
                ? result.reason.slice(0, 200)
                : null,
          charge_id: 'chargeId' in result ? result.chargeId || null : null,
          answered_at: nowIso(),
        })
        .where('idempotency_key', '=', key)
        .execute();
      if (outcome === 'approved') {
        await loans.post([
          {
            applicationId: loan.application_id,
            type: 'instalment',
            amountPence,
            onDate: date,
            reference: `cpa:${key}`,
          },
        ]);
      }
    });
    return { outcome, expired: 'z2' in result && result.z2 === EXPIRED };
  }

  /** Stops collections from a card that cannot pay, and tells the customer (once per day it happens). */
  async function block(
    book: LoanBook,
    date: IsoDate,
    reason: string,
    amountPence: number,
    dueDate: IsoDate,
    expired: boolean,
  ) {
    const { loan } = book;
    const customer = await customerOf(loan.customer_id);
    await store.transaction(async ({ loans, outbox }, trx) => {
      await loans.update(loan.application_id, { blocked_on: date, blocked_reason: reason.slice(0, 200) });
      if (
        await notice(trx, loan.application_id, 'card-blocked', date, `blocked:${loan.application_id}:${date}`)
      ) {
        await outbox.enqueue({
          channel: 'email',
          to: customer.email,
          ...cardBlockedEmail({
            firstName: customer.first_name,
            publicUrl: config.PUBLIC_URL,
            amountPence,
            dueDate,
            expired,
          }),
        });
      }
    });
    loan.blocked_on = date;
  }

  /** Records a notice once per reference; true when this call recorded it (so its message is sent once). */
  async function notice(
    trx: DbExecutor,
    applicationId: number,
    kind: string,
    date: IsoDate,
    reference: string,
  ) {
    const inserted = await trx
      .insertInto('loan_notices')
      .values({ application_id: applicationId, kind, on_date: date, reference, created_at: nowIso() })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Everything one day asks of one loan after its interest: collection, fee, notices, status. */
  async function serviceLoan(book: LoanBook, statusId: number, date: IsoDate, tally: DayClosed) {
    const { loan, terms } = book;
    const app = { id: loan.application_id, customerId: loan.customer_id };
    const reference = await ctx.db
      .selectFrom('applications')
      .select('guid')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    const position = () => positionOf(terms, book.rows, date);

    // An attempt a killed run sent but never recorded, or one the provider did not answer, is asked
    // again under its own key: the provider answers the first charge, so nobody is charged twice.
    const open = book.attempts.filter((a) => a.outcome === 'pending' || a.outcome === 'unavailable');
    for (const attempt of open) {
      const again = await collect(
        book,
        date,
        attempt.seq,
        attempt.attempt,
        attempt.amount_pence,
        attempt.idempotency_key,
      );
      await reload(book);
      if (again.outcome === 'approved') tally.collected++;
    }

    // One request to the card a day: a day that asked an earlier attempt again makes no new one.
    const collecting =
      open.length === 0 && statusId !== AppStatus.defaulted && !loan.blocked_on && !loan.cpa_cancelled_at;
    const due = collecting ? collectionDue(terms, position(), book.attempts.map(attemptOf), date) : null;
    if (due) {
      const key = `cpa:${loan.application_id}:${due.seq}:${due.attempt}`;
      const done = await collect(book, date, due.seq, due.attempt, due.amountPence, key);
      await reload(book);
      if (done.outcome === 'approved') tally.collected++;
      if (done.outcome === 'declined') {
        tally.declined++;
        if (done.expired || attemptsExhausted(book.attempts.map(attemptOf), due.seq)) {
          const dueDate = terms.instalments.find((i) => i.seq === due.seq)!.dueDate;
          await block(
            book,
            date,
            done.expired ? 'card expired' : 'two collections declined',
            due.amountPence,
            dueDate,
            done.expired,
          );
        }
      }
    }

    if (statusId !== AppStatus.defaulted) {
      const scheduledInterestPence = book.schedule.reduce((sum, s) => sum + s.interestPence, 0);
      const fee = defaultFeeDue(terms, position(), date, {
        afterDays: config.DEFAULT_FEE_AFTER_DAYS,
        scheduledInterestPence,
      });
      if (fee > 0) {
        await store.loans.post([
          {
            applicationId: app.id,
            type: 'default-fee',
            amountPence: fee,
            onDate: date,
            reference: `default-fee:${app.id}`,
          },
        ]);
        await reload(book);
      }
    }

    const now = position();
    const arrears = arrearsPence(terms, now, date);
    if (now.totalDuePence === 0) {
      await transition(
        store,
        app,
        ApplicationStep.settle,
        { kind: 'settled', reason: `repaid in full by ${date}` },
        ({ loans }) => loans.update(app.id, { settled_on: date }),
      );
      return;
    }
    if (arrears > 0 && statusId === AppStatus.active) {
      await transition(store, app, ApplicationStep.fallIntoArrears, {
        kind: 'arrears',
        reason: `${arrears}p overdue on ${date}`,
      });
    } else if (arrears === 0 && statusId === AppStatus.arrears) {
      await transition(store, app, ApplicationStep.catchUp, {
        kind: 'arrears-cleared',
        reason: `nothing overdue on ${date}`,
      });
    }

    const customer = () => customerOf(loan.customer_id);
    const episode = s86bTrigger(terms, now, date);
    if (episode) {
      const c = await customer();
      await store.transaction(async ({ outbox }, trx) => {
        if (await notice(trx, app.id, 's86b', date, `s86b:${app.id}:${episode}`)) {
          await outbox.enqueue({
            channel: 'email',
            to: c.email,
            ...arrearsNoticeEmail({
              firstName: c.first_name,
              publicUrl: config.PUBLIC_URL,
              reference: reference.guid,
              arrearsPence: arrears,
              totalDuePence: now.totalDuePence,
              today: date,
            }),
          });
        }
      });
    }

    if (statusId === AppStatus.defaulted) {
      if (loan.defaulted_on && daysBetween(loan.defaulted_on, date) >= config.LEGAL_AFTER_DAYS) {
        await ctx.db
          .updateTable('customers')
          .set({ is_legal: 1 })
          .where('id', '=', loan.customer_id)
          .where('is_legal', '=', 0)
          .execute();
      }
      return;
    }
    if (loan.remedy_by && arrears === 0) {
      // The notice's breach was remedied: it lapses, and a later one starts again.
      await store.loans.update(app.id, { default_notice_on: null, remedy_by: null });
    } else if (loan.remedy_by && date > loan.remedy_by) {
      await transition(
        store,
        app,
        ApplicationStep.default,
        { kind: 'defaulted', reason: `default notice not remedied by ${loan.remedy_by}` },
        ({ loans }) => loans.update(app.id, { defaulted_on: date }),
      );
    } else if (!loan.remedy_by) {
      const notice87 = defaultNoticeDue(terms, now, date, {
        noticeAfterDays: config.DEFAULT_NOTICE_AFTER_DAYS,
        remedyDays: config.DEFAULT_REMEDY_DAYS,
      });
      if (notice87) {
        const c = await customer();
        await store.transaction(async ({ loans, outbox }, trx) => {
          if (!(await notice(trx, app.id, 's87', date, `s87:${app.id}:${date}`))) return;
          await loans.update(app.id, { default_notice_on: date, remedy_by: notice87.remedyBy });
          await outbox.enqueue({
            channel: 'email',
            to: c.email,
            ...defaultNoticeEmail({
              firstName: c.first_name,
              publicUrl: config.PUBLIC_URL,
              reference: reference.guid,
              arrearsPence: arrears,
              remedyBy: notice87.remedyBy,
              today: date,
            }),
          });
        });
      }
    }
  }

  async function reload(book: LoanBook) {
    const fresh = await store.loans.book(book.loan.application_id);
    if (fresh) Object.assign(book, fresh);
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
      const page = await ctx.db
        .selectFrom('loans')
        .innerJoin('applications', 'applications.id', 'loans.application_id')
        .select(['loans.application_id as id', 'applications.status_id as statusId'])
        .where('applications.status_id', 'in', [...LIVE_LOAN_STATUSES])
        .where('loans.funded_on', '<=', date)
        .where('loans.application_id', '>', after)
        .orderBy('loans.application_id')
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const books = await store.loans.books(page.map((p) => p.id));

      // The day's interest for the whole page in one insert (a defaulted loan's interest is frozen).
      const interest: Posting[] = [];
      for (const { id, statusId } of page) {
        const book = books.get(id)!;
        if (statusId === AppStatus.defaulted) continue;
        const amountPence = interestFor(book.terms, positionOf(book.terms, book.rows, date), date);
        if (amountPence > 0) {
          const posting = {
            applicationId: id,
            type: 'interest' as const,
            amountPence,
            onDate: date,
            reference: `interest:${id}:${date}`,
          };
          interest.push(posting);
          book.rows.push({
            id: Number.MAX_SAFE_INTEGER - interest.length,
            type: 'interest',
            amountPence,
            onDate: date,
            reversesId: null,
          });
        }
      }
      await store.loans.post(interest);

      for (const { id, statusId } of page) {
        const book = books.get(id)!;
        if (needsService(book, statusId, date)) await serviceLoan(book, statusId, date, tally);
      }
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
  function needsService(book: LoanBook, statusId: number, date: IsoDate): boolean {
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
      const today = await ctx.businessDate.refresh(true);
      const until = through ?? addDays(today, -1);
      if (!isIsoDate(until)) throw new Error(`Not a date: ${until}. Use yyyy-mm-dd.`);
      if (until > today) throw new Error(`Cannot close ${until}: the business date is ${today}.`);
      if (!(await lock.take()))
        throw new Error('The close of business is already running in another process.');
      try {
        const days: DayClosed[] = [];
        for (let date = await firstOpenDay(); date && date <= until; date = addDays(date, 1)) {
          days.push(await closeDay(date));
        }
        return days;
      } finally {
        await lock.release();
      }
    },
  };
}

export type CloseOfBusiness = ReturnType<typeof closeOfBusiness>;
