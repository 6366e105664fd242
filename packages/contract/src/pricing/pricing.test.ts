import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '../constants';
import { addDays, daysBetween } from '../dates';
import { repaymentDates, WageFrequencyId } from './repayment-dates';
import { DEFAULT_FEE_MAX_PENCE, defaultFeePence, PriceCapError, priceLoan, type LoanPrice } from './pricing';

const D = '2026-11-23';
const every30Days = [addDays(D, 30), addDays(D, 60), addDays(D, 90)];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectConsistent(price: LoanPrice, principalPence: number) {
  const { schedule } = price;
  expect(sum(schedule.map((l) => l.paymentPence))).toBe(price.totalRepayablePence);
  expect(price.totalRepayablePence).toBe(principalPence + price.totalInterestPence);
  expect(sum(schedule.map((l) => l.principalPence))).toBe(principalPence);
  expect(sum(schedule.map((l) => l.interestPence))).toBe(price.totalInterestPence);
  schedule.slice(0, -1).forEach((line) => expect(line.paymentPence).toBe(price.instalmentPence));
  for (const line of schedule) {
    expect(Number.isInteger(line.paymentPence) && Number.isInteger(line.interestPence)).toBe(true);
    expect(line.paymentPence).toBeGreaterThan(0);
    expect(line.interestPence).toBeGreaterThanOrEqual(0);
    expect(line.principalPence).toBeGreaterThanOrEqual(0);
    expect(line.paymentPence).toBe(line.interestPence + line.principalPence);
  }
}

/**
 * CONC 5A: in every period, interest charged <= 0.8% x principal owed x days, and <= the asked rate. The
 * 0.8% check is in whole numbers (1000 x interest <= 8 x owed x days), so no float rounding can hide a
 * fraction of a penny over the cap.
 */
function expectWithinDailyCap(price: LoanPrice, principalPence: number, drawdownDate: string, rate: number) {
  let owed = principalPence;
  let from = drawdownDate;
  let capThousandths = 0;
  for (const line of price.schedule) {
    const days = daysBetween(from, line.date);
    expect(line.interestChargedPence * 1000).toBeLessThanOrEqual(8 * owed * days);
    expect(line.interestChargedPence).toBeLessThanOrEqual(rate * owed * days + 1e-6);
    capThousandths += 8 * owed * days;
    owed -= line.principalPence;
    from = line.date;
  }
  expect(price.totalInterestPence * 1000).toBeLessThanOrEqual(capThousandths);
}

describe('priceLoan, worked cases', () => {
  // Expected figures from an independent calculation (docs/pricing/independent-check.py: Python Decimal,
  // its own dates, level payment and APR solver), not from this engine.
  it('£300 in 3 instalments 30 days apart at 0.8% a day: £151.42, £151.42, £151.39', () => {
    const price = priceLoan({
      principalPence: 30000,
      drawdownDate: D,
      repaymentDates: every30Days,
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.instalmentPence).toBe(15142);
    // Period 2 accrues 22,058p x 0.8% x 30 = 5,293.92p: 5,293p is charged, never 5,294p.
    expect(price.schedule).toEqual([
      {
        date: '2026-12-23',
        paymentPence: 15142,
        interestPence: 7200,
        principalPence: 7942,
        interestChargedPence: 7200,
      },
      {
        date: '2027-01-22',
        paymentPence: 15142,
        interestPence: 5293,
        principalPence: 9849,
        interestChargedPence: 5293,
      },
      {
        date: '2027-02-21',
        paymentPence: 15139,
        interestPence: 2930,
        principalPence: 12209,
        interestChargedPence: 2930,
      },
    ]);
    expect(price.totalInterestPence).toBe(15423);
    expect(price.totalRepayablePence).toBe(45423);
    expect(price.aprPercent).toBe(1269.5);
    expect(price.interestCapped).toBe(false);
    expect(price.dailyRate).toBe(DAILY_RATE_STANDARD);
    expect(price.costCapRoomPence).toBe(30000 - 15423);
    expectConsistent(price, 30000);
  });

  it('the same at the provider rate of 0.6% a day', () => {
    const price = priceLoan({
      principalPence: 30000,
      drawdownDate: D,
      repaymentDates: every30Days,
      dailyRate: DAILY_RATE_PROVIDER,
    });
    expect(price.instalmentPence).toBe(13798);
    expect(price.schedule.map((l) => l.paymentPence)).toEqual([13798, 13798, 13796]);
    expect(price.schedule.map((l) => l.interestChargedPence)).toEqual([5400, 3888, 2104]);
    expect(price.totalInterestPence).toBe(11392);
    expect(price.aprPercent).toBe(649);
    expectConsistent(price, 30000);
  });

  it('£3 for 27 days charges 64p, under the cap of 64.8p (half-up would charge 65p)', () => {
    const price = priceLoan({
      principalPence: 300,
      drawdownDate: '2028-07-06',
      repaymentDates: ['2028-08-02'],
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.totalInterestPence).toBe(64);
    expect(price.aprPercent).toBe(1275.3);
  });

  it('£301 over 6 instalments on the last Monday from 20 July 2032 stays under the cap of 21,181.77p', () => {
    const dates = ['2032-07-27', '2032-08-27', '2032-09-27', '2032-10-25', '2032-11-29', '2032-12-24'];
    const price = priceLoan({
      principalPence: 30100,
      drawdownDate: '2032-07-20',
      repaymentDates: dates,
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.schedule.map((l) => l.paymentPence)).toEqual([8546, 8546, 8546, 8546, 8546, 8546]);
    expect(price.schedule.map((l) => l.interestChargedPence)).toEqual([1685, 5763, 5073, 3804, 3427, 1424]);
    expect(price.totalInterestPence).toBe(21176);
    expect(price.aprPercent).toBe(1305.2);
    expectConsistent(price, 30100);
  });

  it('£500 over 4 monthly instalments from December 2027 into the leap year 2028', () => {
    const price = priceLoan({
      principalPence: 50000,
      drawdownDate: '2027-12-06',
      repaymentDates: ['2028-01-06', '2028-02-07', '2028-03-06', '2028-04-06'],
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.schedule.map((l) => l.paymentPence)).toEqual([21025, 21025, 21025, 21026]);
    expect(price.totalInterestPence).toBe(34101);
    expect(price.aprPercent).toBe(1266);
    expectConsistent(price, 50000);
  });

  it('a single repayment is principal plus simple interest', () => {
    const price = priceLoan({
      principalPence: 20000,
      drawdownDate: D,
      repaymentDates: [addDays(D, 30)],
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.schedule).toEqual([
      {
        date: addDays(D, 30),
        paymentPence: 24800,
        interestPence: 4800,
        principalPence: 20000,
        interestChargedPence: 4800,
      },
    ]);
  });

  it('charges nothing at a zero rate', () => {
    const price = priceLoan({
      principalPence: 1000,
      drawdownDate: D,
      repaymentDates: every30Days,
      dailyRate: 0,
    });
    expect(price.schedule.map((l) => l.paymentPence)).toEqual([333, 333, 334]);
    expect(price.totalInterestPence).toBe(0);
    expect(price.aprPercent).toBe(0);
  });
});

describe('priceLoan, uneven periods', () => {
  it('carries interest a payment cannot cover without charging interest on it', () => {
    // A 47-day period then a 15-day one: the second payment is smaller than that period's interest.
    const dates = ['2026-01-28', '2026-03-16', '2026-03-31', '2026-04-30', '2026-05-29', '2026-06-30'];
    const price = priceLoan({
      principalPence: 30000,
      drawdownDate: '2026-01-08',
      repaymentDates: dates,
      dailyRate: DAILY_RATE_STANDARD,
    });
    expectConsistent(price, 30000);
    const second = price.schedule[1];
    expect(second?.principalPence).toBe(0);
    expect(second?.interestPence).toBe(price.instalmentPence);
  });
});

describe('priceLoan, FCA price cap', () => {
  it('refuses a daily rate above 0.8%', () => {
    const attempt = () =>
      priceLoan({ principalPence: 30000, drawdownDate: D, repaymentDates: every30Days, dailyRate: 0.0081 });
    expect(attempt).toThrow(PriceCapError);
    try {
      attempt();
    } catch (error) {
      expect((error as PriceCapError).breach).toBe('dailyRate');
    }
  });

  const longPlan = repaymentDates({
    firstDate: addDays(D, 45),
    count: 6,
    wageFrequencyId: WageFrequencyId.monthly,
  });

  it('caps total interest at the principal by lowering the daily rate', () => {
    const price = priceLoan({
      principalPence: 100000,
      drawdownDate: D,
      repaymentDates: longPlan,
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(price.interestCapped).toBe(true);
    expect(price.dailyRate).toBeLessThan(DAILY_RATE_STANDARD);
    expect(price.totalInterestPence).toBeLessThanOrEqual(100000);
    expect(price.totalInterestPence).toBeGreaterThan(99_900);
    expectConsistent(price, 100000);
  });

  it('refuses instead of capping when asked to', () => {
    const attempt = () =>
      priceLoan({
        principalPence: 100000,
        drawdownDate: D,
        repaymentDates: longPlan,
        dailyRate: DAILY_RATE_STANDARD,
        capInterest: false,
      });
    expect(attempt).toThrow(expect.objectContaining({ name: 'PriceCapError', breach: 'totalCost' }));
  });

  it('never quotes above either cap: £1 to £1,000, 1 to 6 instalments, any start date and payday', () => {
    const today = fc
      .integer({ min: 0, max: daysBetween('2025-01-01', '2032-12-31') })
      .map((offset) => addDays('2025-01-01', offset));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 6 }),
        today,
        fc.integer({ min: 6, max: 45 }),
        fc.constantFrom(...Object.values(WageFrequencyId)),
        fc.oneof(
          fc.constantFrom(DAILY_RATE_STANDARD, DAILY_RATE_PROVIDER),
          fc.double({ min: 0, max: DAILY_RATE_STANDARD, noNaN: true }),
        ),
        (pounds, count, drawdownDate, offset, wageFrequencyId, dailyRate) => {
          const principalPence = pounds * 100;
          const dates = repaymentDates({ firstDate: addDays(drawdownDate, offset), count, wageFrequencyId });
          const price = priceLoan({ principalPence, drawdownDate, repaymentDates: dates, dailyRate });
          expect(price.dailyRate).toBeLessThanOrEqual(DAILY_RATE_STANDARD);
          expect(price.dailyRate).toBeLessThanOrEqual(dailyRate);
          expect(price.totalInterestPence).toBeLessThanOrEqual(principalPence);
          expect(price.interestCapped).toBe(price.dailyRate < dailyRate);
          expect(price.schedule.map((l) => l.date)).toEqual(dates);
          expectConsistent(price, principalPence);
          expectWithinDailyCap(price, principalPence, drawdownDate, dailyRate);
          expect(price.costCapRoomPence).toBe(principalPence - price.totalInterestPence);
          const last = price.schedule.at(-1)?.paymentPence ?? 0;
          expect(Math.abs(last - price.instalmentPence)).toBeLessThanOrEqual(15);
          expect(price.aprPercent).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000); // 3,000 priced loans: seconds on a loaded 2-core machine; the budget is the bench's, not this test's
});

describe('defaultFeePence', () => {
  it('is £15 while the total cost cap has room, and never more than the room left', () => {
    const price = priceLoan({
      principalPence: 30000,
      drawdownDate: D,
      repaymentDates: every30Days,
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(DEFAULT_FEE_MAX_PENCE).toBe(1500);
    expect(defaultFeePence(price)).toBe(1500);
    expect(defaultFeePence(price, price.costCapRoomPence - 700)).toBe(700);
    expect(defaultFeePence(price, price.costCapRoomPence + 1)).toBe(0);
  });

  it('is whatever the cap leaves on a loan whose interest was capped', () => {
    const capped = priceLoan({
      principalPence: 100000,
      drawdownDate: D,
      repaymentDates: repaymentDates({
        firstDate: addDays(D, 45),
        count: 6,
        wageFrequencyId: WageFrequencyId.monthly,
      }),
      dailyRate: DAILY_RATE_STANDARD,
    });
    expect(capped.costCapRoomPence).toBe(100000 - capped.totalInterestPence);
    expect(defaultFeePence(capped)).toBe(Math.min(1500, capped.costCapRoomPence));
    expect(defaultFeePence(capped)).toBeLessThan(1500);
  });
});

describe('priceLoan, input checks', () => {
  it.each([
    { principalPence: 0, repaymentDates: every30Days },
    { principalPence: 100.5, repaymentDates: every30Days },
    { principalPence: 30000, repaymentDates: [] },
    { principalPence: 30000, repaymentDates: [D] },
    { principalPence: 30000, repaymentDates: [addDays(D, 60), addDays(D, 30)] },
    { principalPence: 30000, repaymentDates: ['2027-02-30'] },
  ])('rejects %o', (input) => {
    expect(() => priceLoan({ ...input, drawdownDate: D, dailyRate: DAILY_RATE_STANDARD })).toThrow(
      RangeError,
    );
  });

  it('rejects a negative rate', () => {
    expect(() =>
      priceLoan({ principalPence: 30000, drawdownDate: D, repaymentDates: every30Days, dailyRate: -0.001 }),
    ).toThrow(RangeError);
  });
});
