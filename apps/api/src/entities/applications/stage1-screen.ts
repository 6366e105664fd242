import { MIN_AGE } from '@lender/contract/constants';
import { ageOn, londonToday, type IsoDate } from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import type { LoanTerms } from './loan-terms';

/** The largest share of net monthly income one instalment may take at the first screen. */
export const MAX_INSTALMENT_SHARE_OF_INCOME = 0.4;

export type ScreenInput = {
  birthDate: IsoDate;
  isResident: boolean;
  terms: LoanTerms;
  netMonthlyIncomePence: Pence;
  dailyRate: number;
};

/** A failure's `code` and `details` name the rule and its figures without the person (decision findings). */
export type ScreenResult =
  { approved: true } | { approved: false; reason: string; code: string; details: Record<string, number> };

/**
 * The first screen before any quote (docs/decisions/006): an adult, living in England or Wales, whose
 * largest instalment is at most 40% of net monthly income. Later stages check affordability in full.
 */
export function screenApplicant(input: ScreenInput, today = londonToday()): ScreenResult {
  const age = ageOn(input.birthDate, today);
  if (age < MIN_AGE) {
    return {
      approved: false,
      reason: `under-age: ${age}`,
      code: 'under-age',
      details: { minimumAge: MIN_AGE },
    };
  }
  if (!input.isResident) {
    return { approved: false, reason: 'not resident in England or Wales', code: 'not-resident', details: {} };
  }
  const quote = buildQuote({ ...input.terms, dailyRate: input.dailyRate, today });
  const largest = Math.max(...quote.schedule.map((l) => l.paymentPence));
  const limit = Math.floor(input.netMonthlyIncomePence * MAX_INSTALMENT_SHARE_OF_INCOME);
  if (largest > limit) {
    return {
      approved: false,
      reason: `affordability: instalment ${largest}p over ${limit}p (40% of net pay)`,
      code: 'instalment-over-income-share',
      details: { largestInstalmentPence: largest, limitPence: limit },
    };
  }
  return { approved: true };
}
