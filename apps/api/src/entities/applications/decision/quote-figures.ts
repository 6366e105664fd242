import type { Pence } from '@lender/contract/money';
import type { QuoteResult } from '@lender/contract/pricing/quote';

/** The instalment affordability is judged on: the largest of the schedule. */
export const largestInstalmentPence = (quote: QuoteResult): Pence =>
  Math.max(...quote.schedule.map((line) => line.paymentPence));
