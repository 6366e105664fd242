import { addDays } from '@lender/contract/dates';
import { annualPercentageRate, yearsBetween } from '@lender/contract/pricing/apr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementCeiling, settlementOn } from './early-settlement';
import { positionOf, type LedgerRow } from './ledger';
import { FUNDED, signedLoan, simulate } from './ledger-simulation';

/** The rows of the days closed before `date`: the ledger as a payment during that day finds it. */
const before = (rows: readonly LedgerRow[], date: string) => rows.filter((r) => r.onDate < date);

describe('early settlement within the Early Settlement Regulations 2004 (issue 46 item 10)', () => {
  it('gives back what the ledger charged above the ceiling: £1,000 over 45 days, settled on day 23', () => {
    const { terms, price } = signedLoan(100_000, 1, 45);
    const { rows } = simulate(terms, price.totalInterestPence, 45, () => ({}));
    const date = addDays(FUNDED, 23);
    const ledger = positionOf(terms, before(rows, date)).totalDuePence;
    expect(ledger).toBe(117_600); // 22 closed days at 0.8%
    // The Regulations' formula, worked here from its own words: the advance carried forward at the APR.
    const apr = annualPercentageRate({
      drawdowns: [{ date: FUNDED, amountPence: 100_000 }],
      repayments: [{ date: terms.instalments[0]!.dueDate, amountPence: terms.instalments[0]!.paymentPence }],
    });
    const formula = 100_000 * Math.pow(1 + apr, yearsBetween(FUNDED, date));
    const { settlementPence, rebatePence } = settlementOn(terms, before(rows, date), date);
    expect(settlementPence).toBe(Math.round(formula));
    expect(rebatePence).toBe(ledger - settlementPence);
    expect(rebatePence).toBeGreaterThan(500);
  });

  it('keeps the ledger’s figure where it is lower, and asks nothing on the day everything is paid', () => {
    const { terms, price } = signedLoan(30_000, 3, 30);
    const { rows } = simulate(terms, price.totalInterestPence, 92, () => ({}));
    // The day after the advance: nothing charged yet, nothing to give back.
    expect(settlementOn(terms, before(rows, addDays(FUNDED, 1)), addDays(FUNDED, 1))).toEqual({
      settlementPence: 30_000,
      rebatePence: 0,
    });
    expect(settlementOn(terms, rows, addDays(FUNDED, 93)).settlementPence).toBe(0);
  });

  it('on every day of any loan paid as planned: never above the ceiling nor the ledger, never below the principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 14, max: 35 }),
        (principal, count, gap) => {
          const { terms, price } = signedLoan(principal, count, gap);
          const days = count * gap;
          const { rows } = simulate(terms, price.totalInterestPence, days, () => ({}));
          for (let k = 1; k <= days; k++) {
            const date = addDays(FUNDED, k);
            const through = before(rows, date);
            const p = positionOf(terms, through);
            const { settlementPence, rebatePence } = settlementOn(terms, through, date, p);
            const ceiling = settlementCeiling(terms, through, date)!;
            expect(settlementPence).toBeLessThanOrEqual(p.totalDuePence);
            expect(settlementPence).toBeGreaterThanOrEqual(p.principalPence + p.feesDuePence);
            expect(settlementPence - p.feesDuePence).toBeLessThanOrEqual(
              Math.max(p.principalPence, Math.round(ceiling)),
            );
            expect(rebatePence).toBe(p.totalDuePence - settlementPence);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
