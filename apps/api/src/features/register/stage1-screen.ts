import { MIN_AGE } from '@lender/contract/constants';
import { ageOn, londonToday } from '@lender/contract/dates';
import { poundsToPence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';

/** The largest share of net monthly income one instalment may take at the first screen. */
export const MAX_INSTALMENT_SHARE_OF_INCOME = 0.4;

export type ScreenInput = {
  dob: string;
  isResident: boolean;
  amountPounds: number;
  duration: number;
  nextPayDate: string;
  wageFrequencyId: number;
  monthlyNetPayPounds: number;
  dailyRate: number;
};

export type ScreenResult = { approved: true } | { approved: false; reason: string };

/**
 * The first screen before any quote (docs/decisions/006): an adult, living in England or Wales, whose
 * largest instalment is at most 40% of net monthly income. Later stages check affordability in full.
 */
export function screenApplicant(input: ScreenInput, today = londonToday()): ScreenResult {
  const age = ageOn(input.dob, today);
  if (age < MIN_AGE) return { approved: false, reason: `under-age: ${age}` };
  if (!input.isResident) return { approved: false, reason: 'not resident in England or Wales' };
  const quote = buildQuote({
    amountPounds: input.amountPounds,
    period: input.duration,
    repaymentDate: input.nextPayDate,
    wageFrequencyId: input.wageFrequencyId,
    dailyRate: input.dailyRate,
    today,
  });
  const largest = Math.max(...quote.schedule.map((l) => l.paymentPence));
  const limit = Math.floor(poundsToPence(input.monthlyNetPayPounds) * MAX_INSTALMENT_SHARE_OF_INCOME);
  if (largest > limit) {
    return {
      approved: false,
      reason: `affordability: instalment ${largest}p over ${limit}p (40% of net pay)`,
    };
  }
  return { approved: true };
}
