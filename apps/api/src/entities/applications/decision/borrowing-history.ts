import { addDays, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { positionOf } from '../../loans/ledger';
import type { LoanBook } from '../../loans/loan-repository';

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
