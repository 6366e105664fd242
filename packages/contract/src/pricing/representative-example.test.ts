import { describe, expect, it } from 'vitest';
import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '../constants';
import { addDays } from '../dates';
import { buildQuote } from './quote';
import { priceLoan } from './pricing';
import {
  formatApr,
  formatInstalments,
  REPRESENTATIVE_LOAN,
  representativeExample,
  representativeSentence,
} from './representative-example';
import { WageFrequencyId as W } from './repayment-dates';

/** A small deterministic generator, so the mix is the same on every run and every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function weighted<T>(next: () => number, choices: [T, number][]): T {
  let r = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) if ((r -= weight) < 0) return value;
  return choices[0]![0];
}

/**
 * The loans we expect to make (docs/decisions/003): drawn on any day from 2026 to 2031; the quick amounts
 * £200, £300 and £500 most often, otherwise any amount from £50 to £1,000; three instalments (the default)
 * most often, then six, the one-month loan, and the rest; mostly monthly paydays; a first repayment on the
 * customer's next payday, 6 to 35 days ahead (fixed paydays use the spec's preset date a week ahead).
 */
function expectedLoans(dailyRate: number, count = 4000) {
  const next = random(20261123);
  return Array.from({ length: count }, () => {
    const today = addDays('2026-01-01', Math.floor(next() * 365 * 6));
    const amount = weighted(next, [
      [200, 25],
      [300, 25],
      [500, 20],
      [0, 30],
    ]);
    return buildQuote({
      amountPence: (amount || 50 + Math.floor(next() * 951)) * 100,
      period: weighted(next, [
        [1, 15],
        [2, 10],
        [3, 40],
        [4, 10],
        [5, 5],
        [6, 20],
      ]),
      wageFrequencyId: weighted<number>(next, [
        [W.monthly, 20],
        [W.specificDate, 15],
        [W.lastWorkingDay, 25],
        [W.lastFriday, 10],
        [W.fourWeekly, 10],
        [W.weekly, 10],
        [W.fortnightly, 10],
      ]),
      repaymentDate: addDays(today, 6 + Math.floor(next() * 30)),
      dailyRate,
      today,
    });
  });
}

describe('the representative example', () => {
  it('is the engine’s price of the stated loan', () => {
    const example = representativeExample(DAILY_RATE_STANDARD);
    const price = priceLoan({
      principalPence: REPRESENTATIVE_LOAN.principalPence,
      drawdownDate: REPRESENTATIVE_LOAN.drawdownDate,
      repaymentDates: [...REPRESENTATIVE_LOAN.repaymentDates],
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(example.instalmentsPence).toEqual(price.schedule.map((line) => line.paymentPence));
    expect(example.totalInterestPence).toBe(price.totalInterestPence);
    expect(example.totalRepayablePence).toBe(30000 + price.totalInterestPence);
    expect(example.aprPercent).toBe(price.aprPercent);
    expect(example.termDays).toBe(73);
    // The independent calculation (docs/pricing/independent-check.py) gives the same figures.
    expect(example.instalmentsPence).toEqual([13583, 13583, 13583]);
    expect(example.totalInterestPence).toBe(10749);
    expect(example.aprPercent).toBe(1342.7);
    const provider = representativeExample(DAILY_RATE_PROVIDER);
    expect(provider.instalmentsPence).toEqual([12678, 12678, 12677]);
    expect(provider.totalInterestPence).toBe(8033);
    expect(provider.aprPercent).toBe(671.9);
    expect(example.dailyRatePercent).toBe(0.8);
    expect(example.annualRatePercent).toBe(292);
    expect(representativeExample(DAILY_RATE_PROVIDER).annualRatePercent).toBe(219);
  });

  // CONC 3.5.5R: the representative APR is one at or below which at least 51% of the agreements the
  // firm expects to make will be made.
  it.each([
    ['standard', DAILY_RATE_STANDARD],
    ['provider', DAILY_RATE_PROVIDER],
  ])('has an APR at or above that of at least 51%% of the expected %s-rate loans', (_name, rate) => {
    const representative = representativeExample(rate).aprPercent;
    const aprs = expectedLoans(rate).map((quote) => quote.aprPercent);
    const atOrBelow = aprs.filter((apr) => apr <= representative).length / aprs.length;
    expect(atOrBelow).toBeGreaterThanOrEqual(0.51);
  });

  it('reads as the spec words it, with every instalment shown where they differ', () => {
    expect(formatInstalments([15142, 15142, 15139])).toBe('instalments of £151.42, £151.42 and £151.39');
    expect(formatInstalments([13583, 13583, 13583])).toBe('3 instalments of £135.83');
    expect(formatApr(1342.7)).toBe('1,342.7%');
    expect(formatApr(649)).toBe('649.0%');
    const example = representativeExample(DAILY_RATE_STANDARD);
    expect(representativeSentence(example)).toBe(
      `Borrowing £300 over 73 days in 3 instalments: interest £107.49, total amount payable £407.49, ` +
        `${formatInstalments(example.instalmentsPence)}. Fixed interest rate 292% per year (0.8% per day).`,
    );
  });
});
