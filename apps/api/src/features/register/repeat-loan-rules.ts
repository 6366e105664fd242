import { addDays, type IsoDate } from '@lender/contract/dates';
import { formatPence, type Pence } from '@lender/contract/money';
import { assessAffordability, type Assessment } from '../../entities/affordability/assess-affordability';
import { positionOf } from '../../entities/loans/ledger';
import type { LoanBook } from '../../entities/loans/loan-repository';
import type { ScreenResult } from '../../entities/applications/stage1-screen';

/**
 * Repeat lending (docs/decisions/027, CONC 6.7.21R-6.7.23R and 5.2A): the thresholds a repeat loan is
 * decided on, beside stage 1's screen and the affordability assessment at the new figures.
 */

/** Loans paid out in the 12 months before today at which a further one is declined (the fifth in a year). */
export const MAX_LOANS_IN_12_MONTHS = 4;
/**
 * CONC 6.7.22G: consecutive agreements whose cumulative cost would be unsustainable. The interest and
 * fees charged on the last 12 months' loans plus the new loan's interest may be at most this share of one
 * month's net income.
 */
export const MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME = 0.5;

/** The customer's borrowing with us over the 12 months before `today`, from the ledger. */
export type BorrowingHistory = {
  loansLast12Months: number;
  /** Interest and fees charged (not merely contracted) on those loans. */
  costLast12MonthsPence: Pence;
  defaultsLast12Months: number;
};

export function borrowingHistory(books: readonly LoanBook[], today: IsoDate): BorrowingHistory {
  const yearAgo = addDays(today, -365);
  const recent = books.filter((b) => b.loan.funded_on !== null && b.loan.funded_on >= yearAgo);
  let costLast12MonthsPence = 0;
  for (const b of recent) {
    const position = positionOf(b.terms, b.rows);
    costLast12MonthsPence += position.interestChargedPence + position.feesChargedPence;
  }
  return {
    loansLast12Months: recent.length,
    costLast12MonthsPence,
    defaultsLast12Months: books.filter((b) => b.loan.defaulted_on !== null && b.loan.defaulted_on >= yearAgo)
      .length,
  };
}

export type RepeatLoanFacts = {
  screen: ScreenResult;
  netIncomePence: Pence;
  expensesPence: Pence;
  /** The largest instalment of the new loan as the pricing engine prices it today. */
  instalmentPence: Pence;
  /** The new loan's total interest. */
  interestPence: Pence;
  history: BorrowingHistory;
};

export type RepeatLoanVerdict = {
  approved: boolean;
  affordability: Assessment;
  /** Every rule's finding, in plain words, for the decision record (declines first when declined). */
  reasons: { code: string; text: string; declines: boolean }[];
};

/** Stage 1's screen, affordability at the new figures, and the repeat-lending rules, each with its reason. */
export function decideRepeatLoan(f: RepeatLoanFacts): RepeatLoanVerdict {
  const reasons: RepeatLoanVerdict['reasons'] = [];
  reasons.push(
    f.screen.approved
      ? { code: 'screen', text: 'first screen passed', declines: false }
      : { code: 'screen', text: f.screen.reason, declines: true },
  );
  const affordability = assessAffordability({
    netIncomePence: f.netIncomePence,
    expensesPence: f.expensesPence,
    instalmentPence: f.instalmentPence,
  });
  reasons.push({
    code: 'affordability',
    text:
      `net ${formatPence(f.netIncomePence)} - expenses ${formatPence(f.expensesPence)} - instalment ` +
      `${formatPence(f.instalmentPence)} = ${formatPence(affordability.leftPence)} left, buffer ` +
      `${formatPence(affordability.bufferPence)}`,
    declines: !affordability.approved,
  });
  const h = f.history;
  reasons.push({
    code: 'loans-in-12-months',
    text: `${h.loansLast12Months} loans paid out in the last 12 months (at most ${MAX_LOANS_IN_12_MONTHS} before this one)`,
    declines: h.loansLast12Months >= MAX_LOANS_IN_12_MONTHS,
  });
  const combinedPence = h.costLast12MonthsPence + f.interestPence;
  const limitPence = Math.floor(f.netIncomePence * MAX_12_MONTH_COST_SHARE_OF_MONTHLY_INCOME);
  reasons.push({
    code: 'combined-cost',
    text:
      `interest and fees of the last 12 months ${formatPence(h.costLast12MonthsPence)} + this loan's ` +
      `interest ${formatPence(f.interestPence)} = ${formatPence(combinedPence)}, at most ` +
      `${formatPence(limitPence)} (half a month's net income, CONC 6.7.22G)`,
    declines: combinedPence > limitPence,
  });
  reasons.push({
    code: 'defaults',
    text: `${h.defaultsLast12Months} loans defaulted in the last 12 months`,
    declines: h.defaultsLast12Months > 0,
  });
  const approved = reasons.every((r) => !r.declines);
  return {
    approved,
    affordability,
    reasons: [...reasons].sort((a, b) => Number(b.declines) - Number(a.declines)),
  };
}

/** The reasons as the decision record keeps them. */
export const reasonText = (reasons: RepeatLoanVerdict['reasons']) =>
  reasons.map((r) => `${r.declines ? 'DECLINES ' : ''}${r.code}: ${r.text}`).join('; ');
