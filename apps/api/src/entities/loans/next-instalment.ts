import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { instalmentStates, positionOf, type Position } from './ledger';
import type { LoanBook } from './loan-repository';

export type NextInstalment = {
  /** The instalment's own due date (before today when it is overdue). */
  dueDate: IsoDate;
  /** What is left to pay of it. */
  duePence: Pence;
  /**
   * When a continuous payment authority would collect it: its due date, or, overdue, the coming close
   * of business (dated the business date).
   */
  collectOn: IsoDate;
};

/**
 * The oldest instalment not yet paid in full (issue 45): what the payment choice offers as 'the next
 * instalment', what a new card's authority will collect first, and when. Null when nothing is left.
 */
export function nextInstalmentOf(
  book: LoanBook,
  today: IsoDate,
  position: Position = positionOf(book.terms, book.rows),
): NextInstalment | null {
  const unpaid = instalmentStates(book.terms, position).find((i) => i.duePence > 0);
  if (!unpaid) return null;
  return {
    dueDate: unpaid.dueDate,
    duePence: unpaid.duePence,
    collectOn: unpaid.dueDate < today ? today : unpaid.dueDate,
  };
}
