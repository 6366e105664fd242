import type { DbExecutor } from '../../db/create-db';
import { waitForLoan } from '../../lib/loan-batch-lock';
import type { LoanBook } from './loan-repository';

/**
 * The customer's live loan once the close of business is done with it ('closing' if it is not within
 * the wait): read again when it waited, so what follows sees what the close posted (a default fee to
 * reverse, an instalment collected, the balance a plan is priced on).
 */
export async function liveLoanAfterClose(
  loans: { liveOf(customerId: number): Promise<LoanBook | undefined> },
  db: DbExecutor,
  customerId: number,
  maxWaitMs: number,
): Promise<LoanBook | undefined | 'closing'> {
  const book = await loans.liveOf(customerId);
  if (!book) return undefined;
  const wait = await waitForLoan(db, book.loan.application_id, maxWaitMs);
  if (wait === 'held') return 'closing';
  return wait === 'waited' ? loans.liveOf(customerId) : book;
}
