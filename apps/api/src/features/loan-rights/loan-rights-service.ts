import type { Withdrawal } from '@lender/contract/calls/my-account-area';
import { LONDON_TZ } from '@lender/contract/constants';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { formatPence, penceToPounds, type Pence } from '@lender/contract/money';
import { accruedInterestPence } from '@lender/contract/pricing/pricing';
import { Refusal } from '@lender/contract/refusals';
import type { AppContext } from '../../app-context';
import { cancelCpa } from '../../entities/loans/cpa-authority';
import { instalmentStates, positionOf } from '../../entities/loans/ledger';
import type { LoanBook, Posting } from '../../entities/loans/loan-repository';
import type { Withdrawal as Notice } from '../../entities/loans/withdrawal-repository';
import { entityStore } from '../../entities/unit-of-work';
import { nowIso } from '../../lib/clock';
import { liveLoanAfterClose } from '../../entities/loans/live-loan-after-close';
import { cpaCancelledEmail, withdrawalNoticeEmail } from './loan-rights-emails';
import { customerActor } from '../../entities/audit/actor';

/** s66A(2): notice may be given within 14 days, beginning with the day after the agreement was made. */
export const WITHDRAWAL_DAYS = 14;
/** s66A(9): the principal and its interest are repaid within 30 days, beginning with the day after notice. */
export const REPAY_AFTER_WITHDRAWAL_DAYS = 30;

export type Refused = { kind: 'refused'; refusal: Refusal };
export type CpaCancelled = { kind: 'cancelled'; cancelledAt: string } | Refused;
export type Withdrawn = { kind: 'withdrawn'; amountToRepayPence: Pence; repayBy: IsoDate } | Refused;

const refused = (refusal: Refusal): Refused => ({ kind: 'refused', refusal });

const londonClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: LONDON_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the API's date-times travel: `yyyy-MM-ddTHH:mm:ss`, London time. */
export const londonDateTime = (instant: string) => londonClock.format(new Date(instant)).replace(' ', 'T');

/**
 * The day the agreement was made: the later of the signature (the day the schedule was priced for) and
 * the payout, which follows the lender's approval. A referral approved days after the signature makes
 * the agreement on that later day, so counting from the payout never gives the customer less time.
 */
const madeOn = (book: LoanBook): IsoDate =>
  book.loan.funded_on && book.loan.funded_on > book.loan.priced_on
    ? book.loan.funded_on
    : book.loan.priced_on;

/** The last day notice of withdrawal may be given. */
export const withdrawByOf = (book: LoanBook): IsoDate => addDays(madeOn(book), WITHDRAWAL_DAYS);

/** What a withdrawing customer repays today: the principal still owed and the interest accrued, nothing else. */
const owedOnWithdrawal = (book: LoanBook): Pence => {
  const p = positionOf(book.terms, book.rows);
  return p.principalPence + p.interestDuePence;
};

/** The default fees charged and not reversed: s66A(9) leaves only principal and interest to pay. */
function feesToReverse(book: LoanBook) {
  const reversed = new Set(book.rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
  return book.rows.filter((r) => r.type === 'default-fee' && !reversed.has(r.id));
}

/**
 * The customer's rights over a loan being repaid, beyond the spec's screens (issue 27,
 * docs/decisions/026): cancelling the Continuous Payment Authority (CONC 7.6, PSRs 2017 reg. 67(4)), and
 * withdrawing from the agreement within 14 days without a reason (Consumer Credit Act s66A). Each is
 * recorded with the decision that says why and an e-mail that says what happens next; asked twice, each
 * answers what the first did.
 */
export function loanRightsService(ctx: AppContext) {
  const store = entityStore(ctx);

  /** The live loan once the close of business is done with it (or 'closing'). */
  const liveLoanOf = (customerId: number) =>
    liveLoanAfterClose(store.loans, ctx.db, customerId, ctx.config.COB_LOAN_WAIT_MS);

  const reread = async (applicationId: number) =>
    (await store.loans.books([applicationId])).get(applicationId)!;

  const answerOf = (book: LoanBook, notice: Notice): Withdrawn => ({
    kind: 'withdrawn',
    amountToRepayPence: owedOnWithdrawal(book),
    repayBy: notice.repay_by,
  });

  return {
    async cancelCpa(customerId: number): Promise<CpaCancelled> {
      const book = await liveLoanOf(customerId);
      if (book === 'closing') return refused(Refusal.dayClosing);
      if (!book) return refused(Refusal.noLoanForCpa);
      const { loan } = book;
      if (loan.cpa_cancelled_at)
        return { kind: 'cancelled', cancelledAt: londonDateTime(loan.cpa_cancelled_at) };
      const at = nowIso();
      const today = ctx.businessDate.today();
      const unpaid = instalmentStates(book.terms, positionOf(book.terms, book.rows)).find(
        (i) => i.duePence > 0,
      );
      const next = unpaid ? { dueDate: unpaid.dueDate, amountPence: unpaid.duePence } : null;
      await store.transaction(async ({ applications, customers, outbox }, trx) => {
        // Of two requests racing, one cancels and tells the customer; the other answers the same.
        if (!(await cancelCpa(trx, loan.application_id, at))) return;
        await applications.recordDecision({
          applicationId: loan.application_id,
          customerId,
          kind: 'cpa-cancelled',
          actor: customerActor(customerId),
          reason:
            `continuous payment authority cancelled by the customer online on ${today}: no collection ` +
            'from the card from now on' +
            (next ? `; next instalment ${formatPence(next.amountPence)} due ${next.dueDate}` : ''),
        });
        const customer = await customers.findById(customerId);
        if (!customer) return;
        await outbox.enqueue({
          channel: 'email',
          to: customer.email,
          ...cpaCancelledEmail({
            firstName: customer.firstName,
            publicUrl: ctx.config.PUBLIC_URL,
            loanNumber: loan.application_id,
            next,
          }),
        });
      });
      const { cpa_cancelled_at } = (await reread(loan.application_id)).loan;
      return { kind: 'cancelled', cancelledAt: londonDateTime(cpa_cancelled_at ?? at) };
    },

    /** Whether the customer may still withdraw, and the notice once given (GetWithdrawal). */
    async withdrawal(customerId: number): Promise<Withdrawal> {
      const book = await store.loans.liveOf(customerId);
      if (!book) return { canWithdraw: false, withdrawBy: null, notice: null };
      const notice = await store.withdrawals.of(book.loan.application_id);
      const withdrawBy = withdrawByOf(book);
      return {
        canWithdraw: !notice && ctx.businessDate.today() <= withdrawBy,
        withdrawBy,
        notice: notice
          ? {
              noticeDate: notice.notice_on,
              amountToRepay: penceToPounds(owedOnWithdrawal(book)),
              repayBy: notice.repay_by,
            }
          : null,
      };
    },

    /**
     * Notice of withdrawal, on the business date: recorded once; any default fee reversed (s66A(9): only
     * the principal and interest are payable); the CPA stopped (the agreement's repayments no longer
     * apply, so nothing may be collected under it); the customer told what to repay and by when.
     */
    async withdraw(customerId: number): Promise<Withdrawn> {
      const book = await liveLoanOf(customerId);
      if (book === 'closing') return refused(Refusal.dayClosing);
      if (!book) return refused(Refusal.noLoanToWithdraw);
      const id = book.loan.application_id;
      const existing = await store.withdrawals.of(id);
      if (existing) return answerOf(book, existing);
      const today = ctx.businessDate.today();
      if (today > withdrawByOf(book)) return refused(Refusal.withdrawalPeriodOver);
      const repayBy = addDays(today, REPAY_AFTER_WITHDRAWAL_DAYS);
      const fees = feesToReverse(book);
      await store.transaction(async ({ withdrawals, loans, applications, customers, outbox }, trx) => {
        const first = await withdrawals.insert({
          application_id: id,
          customer_id: customerId,
          notice_on: today,
          repay_by: repayBy,
        });
        if (!first) return;
        await loans.post(
          fees.map<Posting>((f) => ({
            applicationId: id,
            type: 'reversal',
            amountPence: f.amountPence,
            onDate: today,
            reference: `s66a:${id}:${f.id}`,
            reversesId: f.id,
            actor: customerActor(customerId),
          })),
        );
        await cancelCpa(trx, id, nowIso());
        const after = (await loans.books([id])).get(id)!;
        const amountPence = owedOnWithdrawal(after);
        const feeRemovedPence = fees.reduce((sum, f) => sum + f.amountPence, 0);
        await applications.recordDecision({
          applicationId: id,
          customerId,
          kind: 'withdrawal-notice',
          actor: customerActor(customerId),
          reason:
            `notice of withdrawal (Consumer Credit Act s66A) given online on ${today}, within the 14 days ` +
            `to ${withdrawByOf(book)}: ${formatPence(amountPence)} of principal and interest to repay by ` +
            `${repayBy}, interest accruing daily; CPA stopped` +
            (feeRemovedPence > 0 ? `; default fee of ${formatPence(feeRemovedPence)} reversed` : ''),
        });
        const customer = await customers.findById(customerId);
        if (!customer) return;
        await outbox.enqueue({
          channel: 'email',
          to: customer.email,
          ...withdrawalNoticeEmail({
            firstName: customer.firstName,
            publicUrl: ctx.config.PUBLIC_URL,
            loanNumber: id,
            noticeOn: today,
            amountPence,
            dailyInterestPence: accruedInterestPence(
              positionOf(after.terms, after.rows).principalPence,
              after.terms.dailyRate,
              1,
            ),
            repayBy,
            feeRemovedPence,
          }),
        });
      });
      const notice = (await store.withdrawals.of(id))!;
      return answerOf(await reread(id), notice);
    },
  };
}

export type LoanRightsService = ReturnType<typeof loanRightsService>;
