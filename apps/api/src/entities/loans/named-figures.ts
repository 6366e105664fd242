import { addDays, formatDisplayDate, type IsoDate } from '@lender/contract/dates';
import type { NamedFigures as FiguresInPounds } from '@lender/contract/calls/my-account-area';
import { formatPence, penceToPounds as pounds, type Pence } from '@lender/contract/money';
import { arrearsPence, instalmentStates, positionOf, type LoanTerms, type Position } from './ledger';
import { settlementOn } from './early-settlement';
import type { LoanBook } from './loan-repository';

/**
 * The four figures a customer reads of a live loan, each under one name on every page, in the receipt
 * and in the payment e-mail (issue 45 items 6 and 10, docs/decisions/051). Computed
 * here only, from the ledger's position and the plan in force; the browser never sums them.
 */
export type NamedFigures = {
  /** To clear your loan today: principal owed, interest of the closed days (within the Early Settlement Regulations' ceiling) and unpaid fees. */
  toClearTodayPence: Pence;
  /** Left to pay on your plan: the plan's unpaid instalments and unpaid fees (never less than to clear it today). */
  leftOnPlanPence: Pence;
  /** Next payment: the first instalment due today or later with something left to pay on it. */
  next: { date: IsoDate; amountPence: Pence } | null;
  /** Overdue now: what of the instalments due before today is unpaid, and unpaid fees. */
  overdueNowPence: Pence;
};

export function namedFigures(
  terms: LoanTerms,
  rows: Parameters<typeof positionOf>[1],
  today: IsoDate,
  position: Position = positionOf(terms, rows),
): NamedFigures {
  const states = instalmentStates(terms, position);
  const unpaid = states.reduce((sum, i) => sum + i.duePence, 0);
  const next = states.find((i) => i.dueDate >= today && i.duePence > 0);
  // Settling early never costs more than the Early Settlement Regulations allow (docs/decisions/053).
  const { settlementPence } = settlementOn(terms, rows, today, position);
  return {
    toClearTodayPence: settlementPence,
    // Paying late adds interest the plan did not price: then what is owed is what is left.
    leftOnPlanPence:
      position.totalDuePence === 0 ? 0 : Math.max(unpaid + position.feesDuePence, position.totalDuePence),
    next: next ? { date: next.dueDate, amountPence: next.duePence } : null,
    // An instalment due today is not overdue yet: the CPA collects it at the day's close.
    overdueNowPence: arrearsPence(terms, position, addDays(today, -1)),
  };
}

/** A payment due as every page and letter writes it: '£113.40 on 20-12-2026'. */
export const paymentOnText = (p: { amountPence: Pence; date: IsoDate }) =>
  `${formatPence(p.amountPence)} on ${formatDisplayDate(p.date)}`;

/** The named figures in pounds, as the calls answer them. */
export const inPounds = (f: NamedFigures): FiguresInPounds => ({
  toClearToday: pounds(f.toClearTodayPence),
  leftOnPlan: pounds(f.leftOnPlanPence),
  nextPayment: f.next ? { date: f.next.date, amount: pounds(f.next.amountPence) } : null,
  overdueNow: pounds(f.overdueNowPence),
});

/** The named figures of a loan paid out and not yet repaid, in pounds; null otherwise. */
export function namedFiguresOf(book: LoanBook, today: IsoDate, position?: Position): FiguresInPounds | null {
  if (!book.loan.funded_on || book.loan.settled_on) return null;
  return inPounds(namedFigures(book.terms, book.rows, today, position));
}
