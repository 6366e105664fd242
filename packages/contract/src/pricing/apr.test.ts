import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { annualPercentageRate, aprPercent } from './apr';

describe('aprPercent', () => {
  // The worked examples of the EU consumer credit APR annex, on which CONC App 1.1 is based.
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
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (amountPence, days, growth) => {
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

  it('rejects flows with nothing to solve', () => {
    expect(() => aprPercent({ drawdowns: [], repayments: [{ date: '2026-01-01', amountPence: 1 }] })).toThrow(
      RangeError,
    );
  });
});
