import type { Pence } from '@lender/contract/money';
import { CADENCES, DAYS_PER_MONTH } from './category-rules';

/** One payer's or payee's payments: day numbers and amounts, side by side, in any order. */
export type Series = { days: number[]; pence: Pence[]; total: Pence };

export const newSeries = (): Series => ({ days: [], pence: [], total: 0 });

export function addToSeries(series: Series, day: number, pence: Pence) {
  series.days.push(day);
  series.pence.push(pence);
  series.total += pence;
}

/**
 * A regular series' amount a month, or null when it is not regular (paid on one day only, or at no
 * steady rhythm: a one-off).
 *
 * Payments on one day count as one. The median gap between paying days gives the cadence and its period
 * P (7, 14 or 365.25 / 12 days). Then
 *
 *   monthly = total / periods × (365.25 / 12) / P,
 *   periods = max(paying days, round((last - first) / P) + 1 + max(0, floor((today - last) / P - 0.5)))
 *
 * that is the average payment per period, a period in which the payer missed paying counting as nothing:
 * one inside the run (a week without gig work) and any after it once the payment is half a period late (a
 * salary that stopped). A 90-day window holds 2 to 4 monthly paydays depending on the date; counting the
 * periods rather than the days keeps £2,400 a month at £2,400 whichever it holds.
 */
export function regularMonthlyPence(series: Series, today: number): Pence | null {
  const { days } = series;
  const order = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]!);
  const payingDays: number[] = [];
  for (const i of order) if (payingDays.at(-1) !== days[i]) payingDays.push(days[i]!);
  if (payingDays.length < 2) return null;
  const gaps: number[] = [];
  for (let i = 1; i < payingDays.length; i++) gaps.push(payingDays[i]! - payingDays[i - 1]!);
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 === 1 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
  const cadence = CADENCES.find((c) => median >= c.minGap && median <= c.maxGap);
  if (!cadence) return null;
  const P = cadence.periodDays;
  const first = payingDays[0]!;
  const last = payingDays.at(-1)!;
  const missedSince = Math.max(0, Math.floor((today - last) / P - 0.5));
  const periods = Math.max(payingDays.length, Math.round((last - first) / P) + 1 + missedSince);
  return Math.round(((series.total / periods) * DAYS_PER_MONTH) / P);
}

/**
 * An irregular amount spread over the days read, as a month: total × (365.25 / 12) / days, with at least
 * a month of days, so that a week-old account's one bill is not read as four a month.
 */
export const spreadMonthlyPence = (total: Pence, daysCovered: number): Pence =>
  Math.round((total * DAYS_PER_MONTH) / Math.max(daysCovered, DAYS_PER_MONTH));
