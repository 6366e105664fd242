import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { annualPercentageRate, aprPercent, yearsBetween } from './apr';
import { HCSTC_DAILY_RATE_CAP, HCSTC_TOTAL_COST_CAP_SHARE } from './pricing';

describe('aprPercent', () => {
  // The worked examples of the EU consumer credit APR annex, on which CONC App 1.2 is based.
  it('one repayment of 1,200 for 1,000 after 546 days is 13.0%', () => {
    const flows = {
      drawdowns: [{ date: '1994-01-01', amountPence: 100000 }],
      repayments: [{ date: '1995-07-01', amountPence: 120000 }],
    };
    expect(annualPercentageRate(flows)).toBeCloseTo(1.2 ** (365 / 546) - 1, 12);
    expect(aprPercent(flows)).toBe(13);
  });

  it('two repayments of 600 for 1,000 after one and two years is 13.1%', () => {
    const flows = {
      drawdowns: [{ date: '1994-01-01', amountPence: 100000 }],
      repayments: [
        { date: '1995-01-01', amountPence: 60000 },
        { date: '1996-01-01', amountPence: 60000 },
      ],
    };
    expect(annualPercentageRate(flows)).toBeCloseTo(0.1306623, 6);
    expect(aprPercent(flows)).toBe(13.1);
  });

  it('handles rates in the thousands of percent', () => {
    const flows = {
      drawdowns: [{ date: '2026-11-23', amountPence: 30000 }],
      repayments: [30, 60, 90].map((days) => ({ date: addDays('2026-11-23', days), amountPence: 15142 })),
    };
    expect(aprPercent(flows)).toBe(1270);
  });

  it('matches the closed form for any single repayment a short-term loan can produce', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 7, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amountPence, days, share) => {
          // What the price caps allow: at most 0.8% a day, and never more than the amount borrowed. (A
          // 30% growth over 7 days, which this once drew, is an APR beyond any loan the engine prices.)
          const growth = share * Math.min(HCSTC_DAILY_RATE_CAP * days, HCSTC_TOTAL_COST_CAP_SHARE);
          const repaid = Math.round(amountPence * (1 + growth));
          const rate = annualPercentageRate({
            drawdowns: [{ date: '2026-01-01', amountPence }],
            repayments: [{ date: addDays('2026-01-01', days), amountPence: repaid }],
          });
          const exact = (repaid / amountPence) ** (365 / days) - 1;
          expect(Math.abs(rate - exact)).toBeLessThanOrEqual(1e-9 * Math.max(1, exact));
        },
      ),
    );
  });

  // CONC App 1.2.6R(2): 366 days in a leap year. Expected APRs from the independent calculation in
  // docs/pricing/independent-check.py; a 365-day year gives 1,269.7% for the first case.
  it.each([
    ['£200 for 30 days across 29 Feb 2028 (30/366 of a year)', '2028-02-10', '2028-03-11', 1279.6],
    ['£200 for the same 30 days in 2027 (30/365)', '2027-02-10', '2027-03-12', 1269.7],
    ['£200 for 30 days from 15 Dec 2031 into 2032 (17/365 + 13/366)', '2031-12-15', '2032-01-14', 1274],
  ])('%s', (_name, drawn, repaid, expected) => {
    const flows = {
      drawdowns: [{ date: drawn, amountPence: 20000 }],
      repayments: [{ date: repaid, amountPence: 24800 }],
    };
    expect(aprPercent(flows)).toBe(expected);
  });

  it('rejects flows with nothing to solve', () => {
    expect(() => aprPercent({ drawdowns: [], repayments: [{ date: '2026-01-01', amountPence: 1 }] })).toThrow(
      RangeError,
    );
  });
});

describe('yearsBetween', () => {
  it('counts a day of a leap year as 1/366 and any other day as 1/365', () => {
    expect(yearsBetween('2027-01-01', '2028-01-01')).toBe(1);
    expect(yearsBetween('2028-01-01', '2029-01-01')).toBe(1);
    expect(yearsBetween('2028-02-10', '2028-03-11')).toBeCloseTo(30 / 366, 15);
    expect(yearsBetween('2027-12-15', '2028-01-14')).toBeCloseTo(17 / 365 + 13 / 366, 15);
    expect(yearsBetween('2100-02-01', '2100-03-01')).toBeCloseTo(28 / 365, 15);
    expect(yearsBetween('2026-05-05', '2026-05-05')).toBe(0);
  });
});
