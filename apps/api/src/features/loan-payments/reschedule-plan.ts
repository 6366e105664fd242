import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { priceLoan } from '@lender/contract/pricing/pricing';
import { isWageFrequencyId, repaymentDates } from '@lender/contract/pricing/repayment-dates';
import { partPaymentProblem, planKindOf, rescheduleDateProblem } from '@lender/contract/pricing/reschedule';
import { Msg } from '@lender/contract/rules/messages';
import { FORBEARANCE_MAX_PAYMENTS, RESCHEDULE_MAX_PAYMENTS } from '@lender/contract/constants';
import type { LoanScheduleKind } from '../../entities/loans/loan-tables';
import { costCapRoomPence, instalmentStates, positionOf, type Position } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import { planRules } from '../../entities/loans/plan-rules';

export type PlanRequest = {
  wageFrequencyId: number;
  /** 1 to 3 payments (to FORBEARANCE_MAX_PAYMENTS paid by other means). */
  duration: number;
  repayDate: string;
  /** Paid now, before the plan (0: nothing). */
  payNowPence: Pence;
  /**
   * A blocked loan's plan paid by bank transfer or a card payment the customer makes (issue 46 item 7):
   * forbearance whatever its dates, up to FORBEARANCE_MAX_PAYMENTS payments.
   */
  byOtherMeans?: boolean;
};

export type PlanLine = { date: IsoDate; paymentPence: Pence; principalPence: Pence; interestPence: Pence };

export type Plan = {
  kind: LoanScheduleKind;
  /** The rate the plan was priced at, which interest then runs at: lower where the cap binds, 0 in forbearance. */
  dailyRate: number;
  lines: PlanLine[];
  totalPence: Pence;
};

export type PlanOutcome =
  | {
      kind: 'plan';
      plan: Plan;
      /**
       * What today's plan leaves to pay, to set the new plan beside (issue 45): its unpaid instalments
       * and unpaid fees, never less than what settles the loan today (after the last date interest runs on).
       */
      currentLeftPence: Pence;
    }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'nothingOwed' }
  | { kind: 'refinanceLimit' };

/** The position after a payment of `pence` today, allocated as the ledger allocates it. */
function afterPayment(p: Position, pence: Pence) {
  let left = pence;
  const fees = Math.min(left, p.feesDuePence);
  left -= fees;
  const interest = Math.min(left, p.interestDuePence);
  left -= interest;
  const principal = Math.min(left, p.principalPence);
  return {
    principalPence: p.principalPence - principal,
    arrearsChargesPence: p.feesDuePence - fees + p.interestDuePence - interest,
  };
}

/**
 * The dates of the instalments still owed once `payNowPence` is paid: the payment pays fees and interest
 * due first, then the instalments oldest first, so Calculate (before the payment) classifies the plan as
 * ReSchedule (after it) will.
 */
function dueDatesAfter(book: LoanBook, position: Position, payNowPence: Pence): IsoDate[] {
  let left = Math.max(0, payNowPence - position.feesDuePence - position.interestDuePence);
  const dates: IsoDate[] = [];
  for (const i of instalmentStates(book.terms, position)) {
    const paid = Math.min(left, i.duePence);
    left -= paid;
    if (i.duePence - paid > 0) dates.push(i.dueDate);
  }
  return dates;
}

function currentLeft(book: LoanBook, position: Position): Pence {
  const instalments = instalmentStates(book.terms, position).reduce((sum, i) => sum + i.duePence, 0);
  return Math.max(position.totalDuePence, instalments + position.feesDuePence);
}

/**
 * A new plan for what the loan owes today (issue 27, docs/decisions/025): `duration` payments on the
 * wage frequency's dates from `repayDate`, priced by the contract's pricing engine on the principal
 * still owed at the agreement's rate, never above the 100% cap counting everything charged so far
 * (CONC 5A.2.10R); interest and fees already due are paid with the first payment, so each later payment
 * is exactly the engine's. In arrears, a plan is forbearance (CONC 7.3): no interest and no fee while it
 * is kept, and it is not a refinance. Otherwise a plan moving any payment later than the instalment it
 * replaces is a refinance (issue 46, CONC 6.7.17R; at most two, CONC 6.7.23R). Rescheduling adds no fee.
 */
export function planFor(book: LoanBook, today: IsoDate, request: PlanRequest): PlanOutcome {
  const fields: Record<string, string> = {};
  if (!isWageFrequencyId(request.wageFrequencyId)) fields.frequencyID = Msg.paymentFrequency;
  const maxPayments = request.byOtherMeans ? FORBEARANCE_MAX_PAYMENTS : RESCHEDULE_MAX_PAYMENTS;
  if (!Number.isInteger(request.duration) || request.duration < 1 || request.duration > maxPayments) {
    fields.duration = Msg.paymentDuration;
  }
  const dateProblem = rescheduleDateProblem(request.repayDate, today);
  if (dateProblem) fields.repayDate = dateProblem;
  const position = positionOf(book.terms, book.rows);
  const rules = planRules(book, today);
  // 0: nothing is paid now, only the plan.
  const amountProblem =
    request.payNowPence > 0 &&
    partPaymentProblem(request.payNowPence, position.totalDuePence, rules.forbearance);
  if (amountProblem) fields.amount = amountProblem;
  if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };

  const { principalPence, arrearsChargesPence } = afterPayment(position, request.payNowPence);
  if (principalPence + arrearsChargesPence === 0) return { kind: 'nothingOwed' };
  const dates = repaymentDates({
    firstDate: request.repayDate,
    count: request.duration,
    wageFrequencyId: request.wageFrequencyId as Parameters<typeof repaymentDates>[0]['wageFrequencyId'],
  });
  // Issue 46: each payment set beside the instalment it replaces; any one later is a refinance.
  // A blocked loan's plan paid by other means is forbearance (issue 46 item 7): the customer is in
  // difficulty after two failed collections, so it adds no interest or fee and is not a refinance.
  const kind: LoanScheduleKind = planKindOf(
    {
      forbearance: rules.forbearance || request.byOtherMeans === true,
      dueDates: dueDatesAfter(book, position, request.payNowPence),
    },
    dates,
  );
  if (kind === 'refinance' && rules.refinancesLeft === 0) return { kind: 'refinanceLimit' };

  const rate = kind === 'forbearance' ? 0 : book.loan.daily_rate;
  const priced =
    principalPence > 0
      ? priceLoan({
          principalPence,
          drawdownDate: today,
          repaymentDates: dates,
          dailyRate: rate,
          maxInterestPence: costCapRoomPence(book.terms, position),
        })
      : null;
  const lines: PlanLine[] = dates.map((date, k) => {
    const line = priced?.schedule[k];
    return {
      date,
      paymentPence: line?.paymentPence ?? 0,
      principalPence: line?.principalPence ?? 0,
      interestPence: line?.interestPence ?? 0,
    };
  });
  // What is already due (interest of the days closed, an unpaid fee) is paid first, with the first payment.
  lines[0] = {
    ...lines[0]!,
    paymentPence: lines[0]!.paymentPence + arrearsChargesPence,
    interestPence: lines[0]!.interestPence + arrearsChargesPence,
  };
  return {
    kind: 'plan',
    plan: {
      kind,
      dailyRate: priced?.dailyRate ?? rate,
      lines,
      totalPence: lines.reduce((sum, l) => sum + l.paymentPence, 0),
    },
    currentLeftPence: currentLeft(book, position),
  };
}
