import { addDays } from '@lender/contract/dates';
import { annualPercentageRate, yearsBetween } from '@lender/contract/pricing/apr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementCeiling, settlementOn } from './early-settlement';
import { positionOf, type LedgerRow, type LoanTerms } from './ledger';
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

describe('part payments within the Early Settlement Regulations 2004 (s94(3), issue 46 item 10)', () => {
  /** Reg 4's amount worked here from its words: the advance carried forward at the APR, less each payment so carried. */
  function formula(terms: LoanTerms, rows: readonly LedgerRow[], date: string) {
    const apr = annualPercentageRate({
      drawdowns: [{ date: FUNDED, amountPence: terms.principalPence }],
      repayments: terms.instalments.map((i) => ({ date: i.dueDate, amountPence: i.paymentPence })),
    });
    const grow = (from: string) => Math.pow(1 + apr, yearsBetween(from, date));
    const paid = rows.filter((r) => r.type === 'instalment' || r.type === 'card-payment');
    return paid.reduce((sum, r) => sum - r.amountPence * grow(r.onDate), terms.principalPence * grow(FUNDED));
  }

  it('after part payments on any days, every later settlement figure is within the formula that credits each at its date', () => {
    // s94(3) lets a debtor discharge part of the debt at any time, and reg 2 wants a rebate at least the
    // formula's for what is paid before it falls due. Collections never fail here, so no default fee
    // (outside the total charge for credit) muddies the formula.
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 14, max: 35 }),
        fc.array(
          fc.record({ day: fc.integer({ min: 1, max: 200 }), share: fc.double({ min: 0.01, max: 0.9 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (principal, count, gap, parts) => {
          const { terms, price } = signedLoan(principal, count, gap);
          const days = count * gap;
          const paidOn = new Map(parts.map((p) => [p.day, p.share]));
          const { rows } = simulate(terms, price.totalInterestPence, days, (_date, k) => {
            const share = paidOn.get(k);
            return share === undefined
              ? {}
              : { cardPaymentPence: Math.max(1, Math.round(principal * share)) };
          });
          for (let k = 1; k <= days; k++) {
            const date = addDays(FUNDED, k);
            const through = before(rows, date);
            const p = positionOf(terms, through);
            if (p.totalDuePence === 0) break;
            const { settlementPence } = settlementOn(terms, through, date, p);
            expect(settlementPence).toBeLessThanOrEqual(p.totalDuePence);
            expect(settlementPence).toBeLessThanOrEqual(
              Math.max(p.principalPence, Math.round(formula(terms, through, date))),
            );
          }
        },
      ),
      { numRuns: Number(process.env.SETTLE_RUNS ?? 40) },
    );
  });

  it('a part payment stops interest on the capital it repays from its day: £300 over three months, £150 on day 10', () => {
    const { terms, price } = signedLoan(30_000, 3, 30);
    const asPlanned = simulate(terms, price.totalInterestPence, 95, () => ({}));
    const withPart = simulate(terms, price.totalInterestPence, 95, (_d, k) =>
      k === 10 ? { cardPaymentPence: 15_000 } : {},
    );
    // Day 10's payment meets the interest of days 1 to 9 (£21.60) first, then £128.40 of capital, on which
    // no interest runs from day 10: at least 20 days of it before the first instalment would have repaid any.
    const interestOf = (rows: readonly LedgerRow[]) =>
      rows.filter((r) => r.type === 'interest').reduce((s, r) => s + r.amountPence, 0);
    expect(asPlanned.position.totalDuePence).toBe(0);
    expect(withPart.position.totalDuePence).toBe(0);
    expect(interestOf(asPlanned.rows) - interestOf(withPart.rows)).toBeGreaterThan(12_840 * 0.008 * 20);
  });
});
