import { daysBetween, type IsoDate } from '../dates';
import type { Pence } from '../money';

export type CashFlow = { date: IsoDate; amountPence: Pence };

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Years from `from` to `to` as CONC App 1.2.6R(2) counts them: "a year is presumed to have 365 days (or
 * 366 days for leap years)". Each day counts as 1/366 of a year when it falls in a leap year and 1/365
 * otherwise (the actual/actual reading; docs/decisions/003). 10 Feb 2028 to 11 Mar 2028 is 30/366.
 */
export function yearsBetween(from: IsoDate, to: IsoDate): number {
  let years = 0;
  let cursor = from;
  let y = Number(from.slice(0, 4));
  while (cursor < to) {
    const nextNewYear = `${String(y + 1).padStart(4, '0')}-01-01`;
    const end = nextNewYear < to ? nextNewYear : to;
    years += daysBetween(cursor, end) / (isLeapYear(y) ? 366 : 365);
    cursor = end;
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
  const start = drawdowns.map((f) => f.date).reduce((a, b) => (a < b ? a : b));
  const timed = (sign: 1 | -1) => (f: CashFlow) => ({
    t: f.date < start ? -1 : yearsBetween(start, f.date),
    a: sign * f.amountPence,
  });
  const all = [...drawdowns.map(timed(-1)), ...repayments.map(timed(1))];
  if (all.some((f) => f.t < 0 || !Number.isFinite(f.a)))
    throw new RangeError('cash flows must be finite and dated');

  // Present value of repayments minus drawdowns, in log space so that (1+i)^t cannot overflow.
  const npv = (logOnePlusI: number) => all.reduce((sum, f) => sum + f.a * Math.exp(-f.t * logOnePlusI), 0);

  // With drawdowns first and repayments after, npv falls as the rate rises, so the root is unique and
  // bisection on ln(1+i) is safe; the bracket covers -99.99...% to far beyond any lawful short-term APR.
  let lo = Math.log(1e-9);
  let hi = Math.log(1e6);
  if (npv(lo) < 0 || npv(hi) > 0) throw new RangeError('APR is outside the supported range');
  for (let step = 0; step < 200 && hi - lo > 1e-15; step++) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  return Math.expm1((lo + hi) / 2);
}

/** The APR in percent to one decimal place, a following 5 rounding up, as CONC App 1.2.7R requires. */
export function aprPercent(flows: { drawdowns: CashFlow[]; repayments: CashFlow[] }): number {
  // `|| 0` turns the -0 of a rate a hair below zero into 0.
  return Math.round(annualPercentageRate(flows) * 1000) / 10 || 0;
}
