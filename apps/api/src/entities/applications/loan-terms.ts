import type { IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';

/**
 * A loan as asked for or quoted, under the one name each concept has on the server: the pricing engine's
 * (`buildQuote` takes these terms as they are) and, in snake_case, the applications table's. Each route's
 * mapper turns its payload's names into these: stage1's `duration`, `frequencyCategory`, `nextPayDate`
 * and the quote's `wageFrequencyID`, and pounds into pence.
 */
export type LoanTerms = {
  amountPence: Pence;
  /** The number of instalments. */
  period: number;
  /** The first repayment date. */
  repaymentDate: IsoDate;
  wageFrequencyId: number;
};
