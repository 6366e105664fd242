import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '../constants';
import { daysBetween, type IsoDate } from '../dates';
import type { Pence } from '../money';
import { yearlyRate } from './format';
import { priceLoan } from './pricing';

/**
 * The representative loan (spec section 1: £300 in 3 instalments): the typical agreement, drawn on Monday
 * 4 January 2027 with the first instalment 14 days later and the next two on the same day of the following
 * months, all inside one 365-day year. The dates are fixed so the published figures do not move from day
 * to day. docs/decisions/003 records why these dates (the spec's 30/60/90 days gave an APR below that of
 * 86% of our loans) and the CONC 3.5.5R check that its APR is at or above the APR of at least 51% of the
 * loans we expect to make (representative-example.test.ts).
 */
const DRAWDOWN: IsoDate = '2027-01-04';
const REPAYMENT_DATES: readonly IsoDate[] = ['2027-01-18', '2027-02-18', '2027-03-18'];
export const REPRESENTATIVE_LOAN = {
  principalPence: 30000,
  drawdownDate: DRAWDOWN,
  repaymentDates: REPAYMENT_DATES,
  termDays: daysBetween(DRAWDOWN, REPAYMENT_DATES[REPAYMENT_DATES.length - 1] as IsoDate),
} as const;

export type RepresentativeExample = {
  principalPence: Pence;
  termDays: number;
  /** Every instalment in order; the last differs when the level instalment does not divide evenly. */
  instalmentsPence: Pence[];
  totalInterestPence: Pence;
  totalRepayablePence: Pence;
  /** 0.8 for 0.8% a day. */
  dailyRatePercent: number;
  /** The fixed rate per year the spec prints: the daily rate x 365 (292% for 0.8%). */
  annualRatePercent: number;
  aprPercent: number;
};

/** Percent values to at most three decimals, without binary noise (0.008 * 100 is 0.8, not 0.80000001). */
const percent = (fraction: number) => Math.round(fraction * 100_000) / 1000;

/** The representative example at a daily rate, priced by the engine: the only source of its figures. */
export function representativeExample(dailyRate: number): RepresentativeExample {
  const { principalPence, drawdownDate, repaymentDates, termDays } = REPRESENTATIVE_LOAN;
  const price = priceLoan({ principalPence, drawdownDate, repaymentDates: [...repaymentDates], dailyRate });
  return {
    principalPence,
    termDays,
    instalmentsPence: price.schedule.map((line) => line.paymentPence),
    totalInterestPence: price.totalInterestPence,
    totalRepayablePence: price.totalRepayablePence,
    dailyRatePercent: percent(dailyRate),
    annualRatePercent: percent(yearlyRate(dailyRate)),
    aprPercent: price.aprPercent,
  };
}

/** The figures every page prints: the standard rate, and the rate for visitors who came via a provider. */
export const representativeExamples = () => ({
  standard: representativeExample(DAILY_RATE_STANDARD),
  provider: representativeExample(DAILY_RATE_PROVIDER),
});

// The wording lives in format.ts, which does not import the engine, so pages that print build-time figures
// carry it without the engine. It is re-exported so that one module gives the web app's build-time plugin
// (apps/web/build/representative-example-plugin.ts) and the tests both the figures and their wording.
export { formatApr, formatInstalments, formatRate, representativeSentence } from './format';
