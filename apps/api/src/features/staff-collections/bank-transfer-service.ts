import { addDays, daysBetween, isIsoDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { AppContext } from '../../app-context';
import { ApplicationStep } from '../../entities/applications/application-steps';
import { transition } from '../../entities/applications/transition';
import { staffActor } from '../../entities/audit/actor';
import { auditRepository } from '../../entities/audit/audit-repository';
import { settlementOn } from '../../entities/loans/early-settlement';
import { arrearsPence, interestFor, positionOf, type LedgerRow } from '../../entities/loans/ledger';
import { endRepaidLoan } from '../../entities/loans/loan-end';
import type { LoanBook, Posting } from '../../entities/loans/loan-repository';
import { interestDayAfterMoratoria, type Moratorium } from '../../entities/loans/moratorium';
import { defaultFeeDue } from '../../entities/loans/servicing-rules';
import { entityStore } from '../../entities/unit-of-work';
import { waitForLoan } from '../../lib/loan-batch-lock';
import { staffDone as done, staffRefused as refused, type StaffResult } from '../../lib/staff-result';

/** How far back a transfer may be value-dated (docs/decisions/066-staff-collections-actions.md). */
export const TRANSFER_BACKDATE_DAYS = 30;

/** Who acts and from where: the audit keeps both. */
export type Acting = { staffId: number; address: string };

export type TransferRequest = {
  loanId: number;
  amountPence: Pence;
  valueDate: string;
  reference: string;
};

export type TransferPosted = {
  loanId: number;
  amountPence: Pence;
  valueDate: IsoDate;
  reference: string;
  /** The closed days from the value date on whose interest, collections and fees were worked out again. */
  rerun: { from: IsoDate; through: IsoDate | null; interestBeforePence: Pence; interestAfterPence: Pence };
  /** Default fees taken back because, with the transfer, the payment they were for was not missed. */
  feesReversedPence: Pence;
  balancePence: Pence;
  arrearsPence: Pence;
  statusId: number;
};

/** The reference as the bank statement gives it, in one spelling: the same payment is one key. */
export const transferKey = (reference: string) => reference.trim().replace(/\s+/g, ' ').toUpperCase();

/** What the close of business posted on a day and a re-run works out again. */
const RERUN_TYPES: ReadonlySet<LedgerRow['type']> = new Set(['interest', 'instalment', 'default-fee']);

/**
 * A payment received by bank transfer, posted by staff (issue 48 item 5): allocated as a card payment
 * is (fees, interest, principal, within its day), on its value date. When that date is in the past, the
 * days closed since are worked out again as if the money had been there: each day's interest, the CPA
 * collections the close of business took (the same money, kept), and each default fee (dropped when, with
 * the transfer, nothing was missed long enough for it). The rows posted on those days are reversed and
 * posted again in the order the close of business posts them, so the ledger's fold reads them as a day
 * closed with the transfer in it. A customer who paid is then never treated as unpaid: no fee, no
 * arrears, no notice follows from a payment the bank had received.
 */
export function bankTransferService(ctx: AppContext) {
  const store = entityStore(ctx);
  const audit = auditRepository(ctx.db);

  /** Why the value date cannot be used, or null. */
  function dateProblem(book: LoanBook, valueDate: string, today: IsoDate): string | null {
    if (!isIsoDate(valueDate)) return `Not a date: ${valueDate}. Use yyyy-mm-dd.`;
    if (valueDate > today) return `A transfer cannot be dated after today (${today}).`;
    const funded = book.loan.funded_on!;
    if (valueDate <= funded) {
      return `The loan was paid out on ${funded}: a transfer towards it is dated after that day.`;
    }
    const earliest = addDays(today, -TRANSFER_BACKDATE_DAYS);
    if (valueDate < earliest) {
      return `A transfer can be back-dated by at most ${TRANSFER_BACKDATE_DAYS} days (not before ${earliest}).`;
    }
    // A new plan was priced on what was paid before it: a payment before it would change that pricing.
    const planned = book.rows.filter((r) => r.type === 'reschedule').at(-1)?.onDate;
    if (planned && valueDate < planned) {
      return `The repayment plan changed on ${planned}: a transfer cannot be dated before the plan began.`;
    }
    return null;
  }

  /**
   * The postings that put the transfer on the ledger and work out again the days from its value date:
   * reversals of what those days posted, the transfer, then day by day interest, collections and fees.
   */
  function rerunPostings(
    book: LoanBook,
    spaces: readonly Moratorium[],
    request: { amountPence: Pence; valueDate: IsoDate; key: string },
    today: IsoDate,
    actor: ReturnType<typeof staffActor>,
  ) {
    const id = book.loan.application_id;
    const reversed = new Set(book.rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
    const affected = book.rows.filter(
      (r) => RERUN_TYPES.has(r.type) && r.onDate >= request.valueDate && !reversed.has(r.id),
    );
    const postings: Posting[] = [];
    // The fold as it will read the ledger: the rows left (earlier reversals with the rows they cancel, which
    // the fold drops together), and each posting added after them in order.
    const rows: LedgerRow[] = book.rows.filter((r) => !affected.includes(r));
    let nextId = book.rows.reduce((most, r) => Math.max(most, r.id), 0);
    const add = (posting: Posting) => {
      postings.push(posting);
      if (posting.type !== 'reversal') {
        rows.push({
          id: ++nextId,
          type: posting.type,
          amountPence: posting.amountPence,
          onDate: posting.onDate,
          reversesId: null,
        });
      }
    };
    for (const r of affected) {
      add({
        applicationId: id,
        type: 'reversal',
        amountPence: r.amountPence,
        onDate: today,
        reference: `transfer-rerun:${request.key}:${r.id}`,
        reversesId: r.id,
        actor,
      });
    }
    add({
      applicationId: id,
      type: 'bank-transfer',
      amountPence: request.amountPence,
      onDate: request.valueDate,
      reference: `transfer:${request.key}`,
      actor,
    });
    const scheduledInterestPence = book.schedule
      .filter((s) => s.version === 1)
      .reduce((sum, s) => sum + s.interestPence, 0);
    const days = [...new Set(affected.map((r) => r.onDate))].sort();
    let feesReversedPence = 0;
    for (const date of days) {
      const ofDay = affected.filter((r) => r.onDate === date);
      const ref = (what: string) => `transfer-rerun:${request.key}:${date}:${what}`;
      // Only a day that charged interest charges it again (none was due in a moratorium or after default),
      // and never more than it did.
      const interestBefore = ofDay.find((r) => r.type === 'interest');
      if (interestBefore) {
        const position = positionOf(book.terms, rows, date);
        const day = interestDayAfterMoratoria(spaces, position.principalSince, date);
        const amountPence = Math.min(interestBefore.amountPence, interestFor(book.terms, position, day));
        if (amountPence > 0) {
          add({ applicationId: id, type: 'interest', amountPence, onDate: date, reference: ref('interest') });
        }
      }
      // Money the CPA took that day was taken: it stays, after the day's interest as it was posted.
      for (const r of ofDay.filter((x) => x.type === 'instalment')) {
        add({
          applicationId: id,
          type: 'instalment',
          amountPence: r.amountPence,
          onDate: date,
          reference: ref(`instalment:${r.id}`),
        });
      }
      for (const r of ofDay.filter((x) => x.type === 'default-fee')) {
        const due = defaultFeeDue(book.terms, positionOf(book.terms, rows, date), date, {
          afterDays: ctx.config.DEFAULT_FEE_AFTER_DAYS,
          scheduledInterestPence,
        });
        const amountPence = Math.min(due, r.amountPence);
        feesReversedPence += r.amountPence - amountPence;
        if (amountPence > 0) {
          add({ applicationId: id, type: 'default-fee', amountPence, onDate: date, reference: ref('fee') });
        }
      }
    }
    const interestOf = (list: readonly LedgerRow[]) =>
      list.filter((r) => r.type === 'interest').reduce((sum, r) => sum + r.amountPence, 0);
    return {
      postings,
      rerun: {
        from: request.valueDate,
        through: days.at(-1) ?? null,
        interestBeforePence: interestOf(affected),
        interestAfterPence: postings
          .filter((p) => p.type === 'interest')
          .reduce((sum, p) => sum + p.amountPence, 0),
      },
      feesReversedPence,
    };
  }

  return {
    async post(request: TransferRequest, by: Acting): Promise<StaffResult<TransferPosted>> {
      const actor = staffActor(by.staffId);
      const key = transferKey(request.reference);
      const already = await ctx.db
        .selectFrom('loan_transactions')
        .select(['application_id', 'on_date', 'amount_pence'])
        .where('reference', '=', `transfer:${key}`)
        .executeTakeFirst();
      if (already) {
        return refused(
          `The transfer with reference ${key} is posted already (${formatPence(already.amount_pence)} ` +
            `on loan ${already.application_id}, value date ${already.on_date}).`,
          'duplicate',
        );
      }
      const app = await ctx.db
        .selectFrom('applications')
        .select(['id', 'customer_id', 'status_id'])
        .where('id', '=', request.loanId)
        .executeTakeFirst();
      let book = app && (await store.loans.books([app.id])).get(app.id);
      if (!app || !book) return refused(`No loan ${request.loanId}.`, 'unknown');
      if (!book.loan.funded_on || book.loan.settled_on || !LIVE_LOAN_STATUSES.includes(app.status_id)) {
        return refused(`Loan ${request.loanId} is not being repaid: there is nothing to pay.`);
      }
      // The close of business works on a batch of loans at a time: this waits for its own loan only.
      if ((await waitForLoan(ctx.db, app.id, ctx.config.COB_LOAN_WAIT_MS)) === 'held') {
        return refused('The close of business is working on this loan. Please try again in a minute.');
      }
      const today = ctx.businessDate.today();
      const problem = dateProblem(book, request.valueDate, today);
      if (problem) return refused(problem, 'date');
      const valueDate = request.valueDate as IsoDate;
      const before = positionOf(book.terms, book.rows);
      const settlement = settlementOn(book.terms, book.rows, today, before);
      if (request.amountPence > settlement.settlementPence) {
        return refused(
          `${formatPence(request.amountPence)} is more than what settles the loan today ` +
            `(${formatPence(settlement.settlementPence)}): post that, and refund the rest.`,
          'amount',
        );
      }
      if (request.amountPence === settlement.settlementPence && valueDate !== today) {
        return refused(
          'A transfer that settles the loan is posted on today\u2019s date, so that the early settlement ' +
            'rebate is worked out on the day it is paid.',
          'amount',
        );
      }
      const spaces = await store.breathingSpaces.of(app.id);
      const balanceBefore = before.totalDuePence - before.creditPence;
      const posted = await store.transaction(async ({ loans }, trx) => {
        // Holds the loan's row until the end: two transfers on one loan work the days out one after the other.
        await loans.update(app.id, { funded_on: book!.loan.funded_on });
        const dup = await trx
          .selectFrom('loan_transactions')
          .select('id')
          .where('reference', '=', `transfer:${key}`)
          .executeTakeFirst();
        if (dup) return null;
        const fresh = (await loans.books([app.id])).get(app.id)!;
        const planned = rerunPostings(fresh, spaces, { ...request, valueDate, key }, today, actor);
        // Settling on the day: the rebate first, as a card payment's (docs/decisions/053).
        const rebate =
          request.amountPence === settlement.settlementPence && settlement.rebatePence > 0
            ? [
                {
                  applicationId: app.id,
                  type: 'rebate' as const,
                  amountPence: settlement.rebatePence,
                  onDate: today,
                  reference: `rebate:transfer:${key}`,
                  actor,
                },
              ]
            : [];
        await loans.post([...rebate, ...planned.postings]);
        return planned;
      });
      if (!posted) {
        return refused(`The transfer with reference ${key} is posted already.`, 'duplicate');
      }
      book = (await store.loans.books([app.id])).get(app.id)!;
      const after = positionOf(book.terms, book.rows);
      const arrears = arrearsPence(book.terms, after, addDays(today, -1));
      const appRef = { id: app.id, customerId: app.customer_id };
      const how = `bank transfer ${key} of ${formatPence(request.amountPence)} value-dated ${valueDate}, posted by staff`;
      if (after.totalDuePence === 0) {
        await endRepaidLoan(store, appRef, today, `paid in full by ${how}`, actor);
      } else if (arrears === 0 && app.status_id === AppStatus.arrears) {
        // Not left for the close of business: the customer paid, and is not in arrears for a day longer.
        await transition(store, appRef, ApplicationStep.catchUp, {
          kind: 'arrears-cleared',
          reason: `nothing overdue after the ${how}`,
          actor,
        });
      }
      const statusId = (
        await ctx.db
          .selectFrom('applications')
          .select('status_id')
          .where('id', '=', app.id)
          .executeTakeFirstOrThrow()
      ).status_id;
      const result: TransferPosted = {
        loanId: app.id,
        amountPence: request.amountPence,
        valueDate,
        reference: key,
        rerun: posted.rerun,
        feesReversedPence: posted.feesReversedPence,
        balancePence: after.totalDuePence - after.creditPence,
        arrearsPence: arrears,
        statusId,
      };
      await audit.record({
        actor,
        action: 'bank-transfer-posted',
        subject: { type: 'loan', id: String(app.id) },
        details: {
          address: by.address,
          before: { balancePence: balanceBefore, statusId: app.status_id },
          after: { balancePence: result.balancePence, statusId, arrearsPence: arrears },
          amountPence: request.amountPence,
          valueDate,
          reference: key,
          daysWorkedOutAgain: posted.rerun.through ? daysBetween(valueDate, posted.rerun.through) + 1 : 0,
          feesReversedPence: posted.feesReversedPence,
        },
      });
      return done(result);
    },
  };
}

export type BankTransferService = ReturnType<typeof bankTransferService>;
