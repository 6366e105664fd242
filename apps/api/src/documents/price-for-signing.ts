import { QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { addDays, type IsoDate } from '@lender/contract/dates';
import { buildQuote, repaymentDateProblem, type QuoteResult } from '@lender/contract/pricing/quote';
import { enableDateFor, isWageFrequencyId, repaymentDates } from '@lender/contract/pricing/repayment-dates';
import type { LoanTerms } from '../entities/applications/loan-terms';

/** The figures the documents are priced with, and what changed since the customer accepted the quote. */
export type SigningPrice = {
  price: QuoteResult;
  /** The day changed since the quote was accepted, so the figures are those of a loan paid out today. */
  repriced: boolean;
  acceptedOn: IsoDate;
  /** The accepted first repayment date could not be kept; `price.repaymentDate` is the one used. */
  firstDateMoved: boolean;
  acceptedRepaymentDate: IsoDate;
};

const windowEnd = (today: IsoDate) => addDays(today, QUOTE_REPAYMENT_WINDOW.maxDays);

/**
 * The first date of the customer's own pay cycle, from the accepted date on, that a quote made today may
 * start on. Keeping to the cycle keeps the first repayment on a payday rather than any date in the window.
 */
function firstUsableDate(terms: LoanTerms, today: IsoDate): IsoDate {
  if (!isWageFrequencyId(terms.wageFrequencyId)) throw new RangeError('Unknown wage frequency');
  // The cycle is walked in growing slices because it cannot be known in advance how old the acceptance is.
  for (let count = 4; ; count *= 2) {
    const dates = repaymentDates({
      firstDate: terms.repaymentDate,
      count,
      wageFrequencyId: terms.wageFrequencyId,
    });
    const usable = dates.find((date) => repaymentDateProblem(date, QUOTE_REPAYMENT_WINDOW, today) === null);
    if (usable) return usable;
    // Later dates only move further away: past the window's end none can ever be used.
    if ((dates[dates.length - 1] as IsoDate) > windowEnd(today)) {
      throw new RangeError(
        `no date of the pay cycle from ${terms.repaymentDate} fits a loan paid out ${today}`,
      );
    }
  }
}

/**
 * The accepted terms priced for a loan paid out `today`, as the agreements must show them: the interest
 * runs from the day the money is paid, so a quote accepted on an earlier day no longer holds. A first
 * repayment date now too close (or passed) moves to the next usable one of the same pay cycle; a wage
 * frequency with a preset date gets today's preset from buildQuote.
 */
export function priceForSigning(input: {
  terms: LoanTerms;
  dailyRate: number;
  acceptedOn: IsoDate;
  today: IsoDate;
}): SigningPrice {
  const { terms, dailyRate, acceptedOn, today } = input;
  const accepted = terms.repaymentDate;
  const preset = isWageFrequencyId(terms.wageFrequencyId) && enableDateFor(terms.wageFrequencyId, today);
  const keep = preset || repaymentDateProblem(accepted, QUOTE_REPAYMENT_WINDOW, today) === null;
  const firstDate = keep ? accepted : firstUsableDate(terms, today);
  const price = buildQuote({ ...terms, repaymentDate: firstDate, dailyRate, today });
  return {
    price,
    repriced: today !== acceptedOn,
    acceptedOn,
    firstDateMoved: price.repaymentDate !== accepted,
    acceptedRepaymentDate: accepted,
  };
}
