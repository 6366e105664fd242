import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { instalmentStates, type Position } from './ledger';
import type { LoanBook } from './loan-repository';

/** One payment of a plan paid without a card, and its share of capital and of the charges already due. */
export type PlanLine = { date: IsoDate; paymentPence: Pence; principalPence: Pence; interestPence: Pence };

/**
 * Each payment's share of what is owed: `charges` (interest and fees already due) are paid first, as a
 * payment is allocated, then principal; interest no longer runs (the plan's rate is 0).
 */
export function planLines(
  payments: readonly { date: IsoDate; paymentPence: Pence }[],
  charges: Pence,
): PlanLine[] {
  let left = charges;
  return payments.map(({ date, paymentPence }) => {
    const interestPence = Math.min(left, paymentPence);
    left -= interestPence;
    return { date, paymentPence, principalPence: paymentPence - interestPence, interestPence };
  });
}

/**
 * A pause of collections for `days` (docs/decisions/069 and 075): the instalments still owed each moved on
 * by the pause (the overdue ones together, to the day after it), sharing what is owed now, since no
 * interest runs any more. Staff agree it from the console; a customer getting debt advice asks for it.
 */
export function pausedPayments(
  book: LoanBook,
  position: Position,
  today: IsoDate,
  days: number,
): { date: IsoDate; paymentPence: Pence }[] {
  const balance = position.totalDuePence;
  const owed = instalmentStates(book.terms, position).filter((i) => i.duePence > 0);
  const dates = [
    ...new Set(
      (owed.length > 0 ? owed.map((i) => i.dueDate) : [today]).map((due) =>
        addDays(due > today ? due : addDays(today, 1), days),
      ),
    ),
  ];
  const each = Math.floor(balance / dates.length);
  return dates.map((date, k) => ({
    date,
    paymentPence: each + (k === 0 ? balance - each * dates.length : 0),
  }));
}
