import { isEnded } from '../applications/application-status';
import type { LoanBook } from './loan-repository';

/**
 * Whether a customer may apply for a new loan (spec section 6: 'only when the previous application has
 * ended'): their newest application has ended, and no loan of theirs is paid out and still owed. The
 * second half matters where the newest application is not the loan's (a declined application after a
 * loan): a new loan while one is owed would be refinancing in all but name (CONC 6.7.21R-6.7.23R).
 * The borrow page's canRepeat and Register/RepeatLoan both ask here.
 */
export function mayApplyAgain(
  newest: { statusId: number } | undefined,
  loans: readonly Pick<LoanBook, 'loan'>[],
): boolean {
  if (!newest || !isEnded(newest.statusId)) return false;
  return !loans.some((b) => b.loan.funded_on !== null && b.loan.settled_on === null);
}
