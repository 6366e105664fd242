import type { LOAN_STATE_FIGURES, LoanState } from '@lender/contract/calls/loan-state';
import { FIGURE_NAMES } from '@lender/contract/figure-names';
import { formatPence, penceToPounds, type Pence } from '@lender/contract/money';
import { formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import { AppStatus, LIVE_LOAN_STATUSES } from '@lender/contract/status';
import type { DbExecutor } from '../../db/create-db';
import { loanFactsRow, type LoanFactsRow } from './loan-facts-query';
import { paymentOnText, type NamedFigures } from './named-figures';

const PAY = { label: 'Make a payment', path: '/borrow/payment' };
const PRE_CLAIM = '/pre-claim';

/** The facts a loan's state is read from: a handful of small reads, no ledger fold. */
type Facts = {
  statusId: number;
  loan: { applicationId: number; blocked: boolean; settled: boolean } | null;
  isLegal: boolean;
  letter: { issuedOn: IsoDate; replyBy: IsoDate; replied: boolean } | null;
  withdrawal: { noticeOn: IsoDate; repayBy: IsoDate } | null;
  breathingSpaceUntil: IsoDate | null;
};

const d = formatDisplayDate;

/** The state's name, where a page names the status (the borrow page's 'Status', the schedule's). */
const STATE_NAMES: Record<LoanState['state'], string> = {
  none: '',
  active: 'Loan active',
  arrears: 'Payment overdue',
  defaulted: 'In default',
  legal: 'Letter about your debt',
  breathingSpace: 'Breathing space',
  withdrawing: 'Withdrawn: repayment due',
  withdrawn: 'Withdrawn',
  settled: 'Repaid',
};

/**
 * Where the loan stands, and the one next step (issue 45 item 11, docs/decisions/049). Pure: the order
 * of the checks is the order of what matters most to the customer. A letter about the debt comes first
 * (it has a deadline); a breathing space next (nothing may be asked of them during it); then a notice of
 * withdrawal, which ends the agreement's instalments (s66A(7)); then the loan's status.
 */
export function loanStateOf(f: Facts): LoanState {
  const live = f.loan !== null && !f.loan.settled && LIVE_LOAN_STATUSES.includes(f.statusId);
  // As the reschedule service refuses (reschedule-service.ts): a blocked card, a notice of withdrawal.
  const mayReschedule = live && !f.loan!.blocked && f.withdrawal === null;
  // Written out whole: spreads into a new object cost a microsecond each on every signed-in page.
  const state = (
    s: Omit<LoanState, 'letter' | 'mayPay' | 'mayReschedule' | 'statusName' | 'figure'>,
  ): LoanState => ({
    letter: f.letter,
    mayPay: live,
    mayReschedule,
    state: s.state,
    statusLine: s.statusLine,
    nextStep: s.nextStep,
    statusName: STATE_NAMES[s.state],
    figure: null,
  });

  if (f.loan === null) return state({ state: 'none', statusLine: '', nextStep: null });
  if (f.isLegal && f.letter) {
    return state({
      state: 'legal',
      statusLine: f.letter.replied
        ? `We have your reply to our letter of ${d(f.letter.issuedOn)} about your debt, and we are looking at it.`
        : `We have sent you a letter about your debt. Please reply by ${d(f.letter.replyBy)}.`,
      nextStep: {
        label: f.letter.replied ? 'See your letter and reply' : 'Read the letter and reply',
        path: PRE_CLAIM,
      },
    });
  }
  if (f.isLegal) {
    return state({
      state: 'legal',
      statusLine: 'Your account is with our collections team. Please contact us to agree a way to repay.',
      nextStep: live ? PAY : null,
    });
  }
  if (live && f.breathingSpaceUntil) {
    return state({
      state: 'breathingSpace',
      statusLine: `Your account is in a breathing space until ${d(f.breathingSpaceUntil)}: we add no interest or charges and do not ask you to pay.`,
      nextStep: null,
    });
  }
  if (live && f.withdrawal) {
    return state({
      state: 'withdrawing',
      statusLine: `You withdrew from your loan agreement on ${d(f.withdrawal.noticeOn)}. Please repay what you borrowed and its interest by ${d(f.withdrawal.repayBy)}.`,
      nextStep: PAY,
    });
  }
  switch (f.statusId) {
    case AppStatus.withdrawn:
      return state({
        state: 'withdrawn',
        statusLine: 'You withdrew from your loan agreement and have repaid it. Nothing more is owed.',
        nextStep: null,
      });
    case AppStatus.settled:
      return state({
        state: 'settled',
        statusLine: 'Your loan is repaid in full. Thank you.',
        nextStep: null,
      });
    case AppStatus.defaulted:
      return state({
        state: 'defaulted',
        statusLine:
          'Your loan is in default. Please pay what is overdue, or contact us to agree a way to repay.',
        nextStep: PAY,
      });
    case AppStatus.arrears:
      return state({
        state: 'arrears',
        statusLine: 'A payment is overdue. Please pay it, or contact us: we are here to help.',
        nextStep: PAY,
      });
    case AppStatus.active:
      return state({
        state: 'active',
        statusLine: f.loan.blocked
          ? 'Your loan is active, but we cannot collect from your card. Please pay, or add a new card.'
          : 'Your loan is active. Your payments are collected from your card on their due dates.',
        nextStep: f.loan.blocked ? PAY : null,
      });
    default:
      // A newer application than the loan (a repeat loan on its way): the borrow page tells its status.
      return state({
        state: f.loan.settled ? 'settled' : 'none',
        statusLine: f.loan.settled ? 'Your last loan is repaid in full. Thank you.' : '',
        nextStep: null,
      });
  }
}

/** The states of a loan being repaid by its plan: their banner shows what to pay (`withFigure`). */
const PAYING_BY_PLAN: readonly LoanState['state'][] = ['active', 'arrears', 'defaulted'];

/** Whether the state's banner shows one of the loan's figures, read from its ledger (`withFigure`). */
export const showsFigure = (state: LoanState) => PAYING_BY_PLAN.includes(state.state);

/**
 * The state with the one figure it asks the customer to act on (issue 50: the borrow page's first figure,
 * status and next payment, drawn with the banner before the rest of the page): what is overdue when
 * something is, otherwise the next payment, each the loan's named figure (named-figures.ts) under its
 * name. None where the plan is not what is being paid: a letter about the debt states its own sum, a
 * breathing space asks for nothing, a withdrawal is repaid by its date (the borrow page's section).
 */
export function withFigure(state: LoanState, figures: NamedFigures | null): LoanState {
  if (!showsFigure(state) || !figures) return state;
  if (figures.overdueNowPence > 0) return { ...state, figure: figure('overdueNow', figures.overdueNowPence) };
  const next = figures.next;
  return { ...state, figure: next ? figure('nextPayment', next.amountPence, next.date) : null };
}

/** A figure as the answer carries it: its name and value written as the pages write them, and the value. */
const figure = (name: (typeof LOAN_STATE_FIGURES)[number], pence: Pence, date: IsoDate | null = null) => ({
  name,
  label: FIGURE_NAMES[name],
  text: date ? paymentOnText({ amountPence: pence, date }) : formatPence(pence),
  amount: penceToPounds(pence),
  date,
});

/** The facts of one customer's newest application and latest loan, on the business date: one statement. */
export async function loanFactsOf(db: DbExecutor, customerId: number, today: IsoDate): Promise<Facts> {
  const [row] = await loanFactsRow(db, customerId, today);
  return factsOfRow(row);
}

/** The facts from their row (none: a customer with nothing at all). */
export function factsOfRow(row: LoanFactsRow | undefined): Facts {
  const loan = row?.application_id ?? null;
  // The loan's own status, unless a newer application (a repeat loan being applied for) came after it.
  const statusId =
    loan !== null && row!.newest_id !== null && row!.newest_id !== loan
      ? (row!.loan_status_id ?? 0)
      : (row?.newest_status_id ?? 0);
  return {
    statusId,
    loan:
      loan !== null
        ? { applicationId: loan, blocked: row!.blocked_on !== null, settled: row!.settled_on !== null }
        : null,
    isLegal: row?.is_legal === 1,
    letter:
      row?.letter_issued_on && row.letter_reply_by
        ? {
            issuedOn: row.letter_issued_on as IsoDate,
            replyBy: row.letter_reply_by as IsoDate,
            replied: row.letter_state === 'replied',
          }
        : null,
    withdrawal:
      row?.notice_on && row.repay_by
        ? { noticeOn: row.notice_on as IsoDate, repayBy: row.repay_by as IsoDate }
        : null,
    breathingSpaceUntil: (row?.space_last_day as IsoDate | null | undefined) ?? null,
  };
}
