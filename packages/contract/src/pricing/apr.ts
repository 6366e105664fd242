import { dayNumber, dayNumberOf, isLeapYear, type IsoDate } from '../dates';
import type { Pence } from '../money';

export type CashFlow = { date: IsoDate; amountPence: Pence };

/**
 * Years from `from` to `to` as CONC App 1.2.6R(2) counts them: "a year is presumed to have 365 days (or
 * 366 days for leap years)". Each day counts as 1/366 of a year when it falls in a leap year and 1/365
 * otherwise (the actual/actual reading; docs/decisions/003). 10 Feb 2028 to 11 Mar 2028 is 30/366.
 */
export function yearsBetween(from: IsoDate, to: IsoDate): number {
  const end = dayNumber(to);
  let cursor = dayNumber(from);
  let y = Number(from.slice(0, 4));
  let years = 0;
  while (cursor < end) {
    const yearEnd = Math.min(dayNumberOf(y + 1, 1, 1), end);
    years += (yearEnd - cursor) / (isLeapYear(y) ? 366 : 365);
    cursor = yearEnd;
    y += 1;
  }
  return years;
}

/**
 * The annual rate i of the CONC App 1.2 equation: sum of drawdowns / (1+i)^t = sum of repayments / (1+i)^t,
 * with t in years from the first drawdown (`yearsBetween`). Returned as a fraction (12.7 means 1,270%),
 * unrounded.
 */
export function annualPercentageRate(flows: { drawdowns: CashFlow[]; repayments: CashFlow[] }): number {
  const { drawdowns, repayments } = flows;
  if (drawdowns.length === 0 || repayments.length === 0) {
    throw new RangeError('APR needs at least one drawdown and one repayment');
  }
  let start = drawdowns[0]!.date;
  for (const f of drawdowns) if (f.date < start) start = f.date;
  // Plain loops, no closures made per call: under tsx every named closure costs a defineProperty.
  const t: number[] = [];
  const a: number[] = [];
  let repaid = 0;
  let repaidTimesT = 0;
  for (const [list, sign] of [
    [drawdowns, -1],
    [repayments, 1],
  ] as const) {
    for (const f of list) {
      const years = f.date < start ? -1 : yearsBetween(start, f.date);
      if (years < 0 || !Number.isFinite(f.amountPence))
        throw new RangeError('cash flows must be finite and dated');
      t.push(years);
      a.push(sign * f.amountPence);
      if (sign > 0) {
        repaid += f.amountPence;
        repaidTimesT += f.amountPence * years;
      }
    }
  }

  // The present value of repayments minus drawdowns is solved for x = ln(1+i), so that (1+i)^t cannot
  // overflow. With drawdowns first and repayments after, it falls as the rate rises, so the root is
  // unique; the bracket covers -99.99...% to far beyond any lawful short-term APR.
  let lo = Math.log(1e-9);
  let hi = Math.log(1e6);
  if (presentValue(t, a, lo).value < 0 || presentValue(t, a, hi).value > 0) {
    throw new RangeError('APR is outside the supported range');
  }
  // Newton's method from the rate of one repayment of everything at the repayments' mean time (exact for
  // a single repayment), kept inside a bracket that shrinks every step: where a Newton step would leave
  // it, the step bisects instead. A few steps reach the root to the last bits of a double, where
  // bisection alone took about 55.
  const drawn = -a.reduce((sum, amount) => (amount < 0 ? sum + amount : sum), 0);
  let x = Math.log(repaid / drawn) / (repaidTimesT / repaid);
  if (!(x > lo && x < hi)) x = (lo + hi) / 2;
  for (let step = 0; step < 200 && hi - lo > 1e-15; step++) {
    const { value, slope } = presentValue(t, a, x);
    if (value === 0) return Math.expm1(x);
    if (value > 0) lo = x;
    else hi = x;
    const newton = x - value / slope;
    const next = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return Math.expm1(next);
    x = next;
  }
  return Math.expm1((lo + hi) / 2);
}

/** Sum of a_k (1+i)^-t_k at x = ln(1+i), and its derivative in x. */
function presentValue(t: number[], a: number[], x: number) {
  let value = 0;
  let slope = 0;
  for (let k = 0; k < t.length; k++) {
    const term = a[k]! * Math.exp(-t[k]! * x);
    value += term;
    slope -= t[k]! * term;
  }
  return { value, slope };
}

/** The APR in percent to one decimal place, a following 5 rounding up, as CONC App 1.2.7R requires. */
export function aprPercent(flows: { drawdowns: CashFlow[]; repayments: CashFlow[] }): number {
  // `|| 0` turns the -0 of a rate a hair below zero into 0.
  return Math.round(annualPercentageRate(flows) * 1000) / 10 || 0;
}
