import { addDays, addMonths, daysBetween, daysInMonth, isIsoDate, isoDateOf, type IsoDate } from '../dates';
import { lastWeekdayOfMonth, nextWorkingDay, previousWorkingDay } from './bank-holidays';

/** Ids of the seeded wage-frequency dictionary (dictionary id 1). */
export const WageFrequencyId = {
  specificDate: 1,
  lastWorkingDay: 2,
  fourWeekly: 3,
  lastFriday: 4,
  lastThursday: 5,
  lastWednesday: 6,
  lastTuesday: 7,
  lastMonday: 8,
  monthly: 9,
  weekly: 10,
  fortnightly: 11,
  twiceMonthly: 12,
} as const;
export type WageFrequencyId = (typeof WageFrequencyId)[keyof typeof WageFrequencyId];

/** The dictionary names, for seeding. */
export const WAGE_FREQUENCY_NAMES: Readonly<Record<WageFrequencyId, string>> = {
  1: 'Specific date',
  2: 'Last working day of the month',
  3: 'Four weekly',
  4: 'Last friday of the month',
  5: 'Last thursday of the month',
  6: 'Last wednesday of the month',
  7: 'Last tuesday of the month',
  8: 'Last monday of the month',
  9: 'Monthly',
  10: 'Weekly',
  11: 'Fortnightly',
  12: 'Twice monthly',
};

const ALL_IDS = Object.values(WageFrequencyId) as number[];
export const isWageFrequencyId = (id: number): id is WageFrequencyId => ALL_IDS.includes(id);

/** 0 = Sunday ... 6 = Saturday, as `weekday()` in dates.ts. */
const LAST_WEEKDAY_OF: Partial<Record<WageFrequencyId, number>> = {
  [WageFrequencyId.lastFriday]: 5,
  [WageFrequencyId.lastThursday]: 4,
  [WageFrequencyId.lastWednesday]: 3,
  [WageFrequencyId.lastTuesday]: 2,
  [WageFrequencyId.lastMonday]: 1,
};

/** The frequencies whose payday the customer cannot move, so the first repayment date is preset. */
const PRESET_FIRST_DATE: ReadonlySet<WageFrequencyId> = new Set([
  WageFrequencyId.specificDate,
  WageFrequencyId.lastFriday,
  WageFrequencyId.lastThursday,
  WageFrequencyId.lastWednesday,
  WageFrequencyId.lastTuesday,
  WageFrequencyId.lastMonday,
]);

export const ENABLE_DATE_OFFSET_DAYS = 7;

/** The preset first repayment date (`enableDate` of the dictionary) or null when the customer picks. */
export function enableDateFor(wageFrequencyId: WageFrequencyId, today: IsoDate): IsoDate | null {
  return PRESET_FIRST_DATE.has(wageFrequencyId)
    ? nextWorkingDay(addDays(today, ENABLE_DATE_OFFSET_DAYS))
    : null;
}

const yearMonth = (date: IsoDate) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return { y, m };
};

/** Calendar month `months` after the month of `date`; month is 1-based. */
function monthAfter(date: IsoDate, months: number) {
  const { y, m } = yearMonth(date);
  const index = y * 12 + (m - 1) + months;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
}

const monthEnd = (y: number, m: number): IsoDate => isoDateOf(y, m, daysInMonth(y, m));

/** The first `anchor + step * n` on or after `onOrAfter`. */
function firstCycleDateFrom(anchor: IsoDate, step: number, onOrAfter: IsoDate): IsoDate {
  return addDays(anchor, step * Math.ceil(daysBetween(anchor, onOrAfter) / step));
}

/**
 * The first twice-monthly payday (the 15th, or the month's end) on or after `onOrAfter`, then moved to a
 * working day. Comparing with the calendar month end rather than the last working day keeps a month-end
 * payday that was brought forward (28 Feb a Sunday, paid on the 26th) from being skipped.
 */
function twiceMonthlyPaydayFrom(onOrAfter: IsoDate): IsoDate {
  const { y, m } = yearMonth(onOrAfter);
  const mid = `${onOrAfter.slice(0, 8)}15`;
  return onOrAfter <= mid ? nextWorkingDay(mid) : previousWorkingDay(monthEnd(y, m));
}

/** No period after the first may be longer than this (the first follows the spec's 6 to 45 days). */
export const MAX_PERIOD_DAYS = 35;
/** A month-end payday closer than this to the previous instalment is passed over when the next is in reach. */
const MIN_MONTH_END_GAP_DAYS = 14;

/** The month-end payday ("last working day", "last <weekday>") of a month, on a working day. */
function monthEndPayday(wageFrequencyId: WageFrequencyId, y: number, m: number): IsoDate | null {
  const lastWeekday = LAST_WEEKDAY_OF[wageFrequencyId];
  if (lastWeekday !== undefined) return previousWorkingDay(lastWeekdayOfMonth(y, m, lastWeekday));
  if (wageFrequencyId === WageFrequencyId.lastWorkingDay) return previousWorkingDay(monthEnd(y, m));
  return null;
}

/** The month-end payday of the month `months` after the month of `date`. */
function monthEndPaydayAfter(wageFrequencyId: WageFrequencyId, date: IsoDate, months: number): IsoDate {
  const { y, m } = monthAfter(date, months);
  return monthEndPayday(wageFrequencyId, y, m) as IsoDate;
}

/**
 * The instalment after `previous` for a month-end payday: the first payday after it, unless that is under
 * 14 days away and the following one is still within 35 days (a first instalment on the 20th followed by
 * a payday on the 27th would otherwise take two payments in a week). The earlier payday is kept when the
 * later one is too far: each instalment still comes after a payday, never before one.
 */
function nextMonthEndPayday(wageFrequencyId: WageFrequencyId, previous: IsoDate): IsoDate {
  const sameMonth = monthEndPaydayAfter(wageFrequencyId, previous, 0);
  const first = sameMonth > previous ? sameMonth : monthEndPaydayAfter(wageFrequencyId, previous, 1);
  const second = monthEndPaydayAfter(wageFrequencyId, previous, sameMonth > previous ? 1 : 2);
  if (daysBetween(previous, first) >= MIN_MONTH_END_GAP_DAYS) return first;
  return daysBetween(previous, second) <= MAX_PERIOD_DAYS ? second : first;
}

/**
 * The latest payday of a weekly or fortnightly cycle (or the 15th / month end) that is after `previous`
 * and, moved to a working day, no more than 35 days after it; without one, the last working day in reach.
 */
function latestPaydayInReach(
  firstDate: IsoDate,
  wageFrequencyId: WageFrequencyId,
  previous: IsoDate,
): IsoDate {
  const limit = addDays(previous, MAX_PERIOD_DAYS);
  const candidates: IsoDate[] = [];
  if (wageFrequencyId === WageFrequencyId.weekly || wageFrequencyId === WageFrequencyId.fortnightly) {
    const step = wageFrequencyId === WageFrequencyId.weekly ? 7 : 14;
    const latest = addDays(firstDate, step * Math.floor(daysBetween(firstDate, limit) / step));
    for (let n = 0; n < 3; n++) candidates.push(nextWorkingDay(addDays(latest, -step * n)));
  } else if (wageFrequencyId === WageFrequencyId.twiceMonthly) {
    const { y, m } = yearMonth(limit);
    const before = monthAfter(limit, -1);
    candidates.push(
      previousWorkingDay(monthEnd(y, m)),
      nextWorkingDay(`${limit.slice(0, 8)}15`),
      previousWorkingDay(monthEnd(before.y, before.m)),
    );
  }
  const inReach = candidates.filter((date) => date > previous && date <= limit).sort();
  return inReach[inReach.length - 1] ?? previousWorkingDay(limit);
}

/** Instalment k (k >= 1) by the customer's payday rule, before the 35-day limit is applied. */
function laterInstalment(
  firstDate: IsoDate,
  wageFrequencyId: WageFrequencyId,
  k: number,
  previous: IsoDate,
): IsoDate {
  switch (wageFrequencyId) {
    case WageFrequencyId.specificDate:
    case WageFrequencyId.monthly:
      // Always from the chosen date, so a 31st that was clamped to 28 Feb comes back as 31 Mar.
      return nextWorkingDay(addMonths(firstDate, k));
    case WageFrequencyId.fourWeekly:
      return nextWorkingDay(addDays(firstDate, 28 * k));
    case WageFrequencyId.weekly:
      return nextWorkingDay(firstCycleDateFrom(firstDate, 7, addMonths(firstDate, k)));
    case WageFrequencyId.fortnightly:
      return nextWorkingDay(firstCycleDateFrom(firstDate, 14, addMonths(firstDate, k)));
    case WageFrequencyId.twiceMonthly:
      return twiceMonthlyPaydayFrom(addMonths(firstDate, k));
    default:
      return nextMonthEndPayday(wageFrequencyId, previous);
  }
}

/**
 * Dates of a monthly repayment plan. The first instalment is the chosen date, moved forward to a working
 * day. Each later one follows the customer's payday (docs/decisions/003-pricing-and-repayment-dates.md):
 * - specific date, monthly: the chosen day of the month, k months on (clamped to short months);
 * - last working day / last <weekday> of the month: the next such payday after the previous instalment
 *   (skipping one under 14 days away when the following one is within 35 days);
 * - four weekly: the chosen date + 28k days;
 * - weekly, fortnightly, twice monthly: the first payday on or after the chosen date + k months, paydays
 *   being the chosen date + 7n / + 14n days, or the 15th and the end of each month.
 * A payday on a weekend or bank holiday moves to the previous working day when it is a month-end or
 * "last <weekday>" payday (an employer pays early, and later would leave the month) and to the next
 * working day otherwise (collecting after the money has arrived is safe; collecting before it is not).
 * No period after the first is longer than 35 days: a date further away is brought back to the latest
 * payday within 35 days, or, where no payday falls in reach, the latest working day within it.
 */
export function repaymentDates(input: {
  firstDate: IsoDate;
  count: number;
  wageFrequencyId: WageFrequencyId;
}): IsoDate[] {
  const { firstDate, count, wageFrequencyId } = input;
  if (!isIsoDate(firstDate)) throw new RangeError(`firstDate must be yyyy-MM-dd, got ${firstDate}`);
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a positive integer, got ${count}`);
  if (!isWageFrequencyId(wageFrequencyId))
    throw new RangeError(`unknown wage frequency id ${wageFrequencyId}`);

  const dates: IsoDate[] = [nextWorkingDay(firstDate)];
  for (let k = 1; k < count; k++) {
    const previous = dates[k - 1] as IsoDate;
    let date = laterInstalment(firstDate, wageFrequencyId, k, previous);
    if (daysBetween(previous, date) > MAX_PERIOD_DAYS)
      date = latestPaydayInReach(firstDate, wageFrequencyId, previous);
    // Every rule keeps instalments after one another, so this only fires on a bug, never on input.
    if (date <= previous) throw new Error(`repayment dates not increasing: ${previous} then ${date}`);
    dates.push(date);
  }
  return dates;
}
