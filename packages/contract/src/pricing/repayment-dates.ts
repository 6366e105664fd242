import { addDays, addMonths, daysBetween, daysInMonth, isIsoDate, type IsoDate } from '../dates';
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

const monthEnd = (y: number, m: number): IsoDate =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(daysInMonth(y, m)).padStart(2, '0')}`;

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

/**
 * Dates of a monthly repayment plan. The first instalment is the chosen date, moved forward to a working
 * day. Each later one follows the customer's payday (docs/decisions/003-pricing-and-repayment-dates.md):
 * - specific date, monthly: the chosen day of the month, k months on (clamped to short months);
 * - last working day / last <weekday> of the month: that payday in the k-th calendar month after the
 *   first instalment's month;
 * - four weekly: the chosen date + 28k days;
 * - weekly, fortnightly, twice monthly: the first payday on or after the chosen date + k months, paydays
 *   being the chosen date + 7n / + 14n days, or the 15th and the end of each month.
 * A payday on a weekend or bank holiday moves to the previous working day when it is a month-end or
 * "last <weekday>" payday (an employer pays early, and later would leave the month) and to the next
 * working day otherwise (collecting after the money has arrived is safe; collecting before it is not).
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

  const first = nextWorkingDay(firstDate);
  const later = (k: number): IsoDate => {
    const lastWeekday = LAST_WEEKDAY_OF[wageFrequencyId];
    if (lastWeekday !== undefined) {
      const { y, m } = monthAfter(first, k);
      return previousWorkingDay(lastWeekdayOfMonth(y, m, lastWeekday));
    }
    switch (wageFrequencyId) {
      case WageFrequencyId.specificDate:
      case WageFrequencyId.monthly:
        // Always from the chosen date, so a 31st that was clamped to 28 Feb comes back as 31 Mar.
        return nextWorkingDay(addMonths(firstDate, k));
      case WageFrequencyId.lastWorkingDay: {
        const { y, m } = monthAfter(first, k);
        return previousWorkingDay(monthEnd(y, m));
      }
      case WageFrequencyId.fourWeekly:
        return nextWorkingDay(addDays(firstDate, 28 * k));
      case WageFrequencyId.weekly:
        return nextWorkingDay(firstCycleDateFrom(firstDate, 7, addMonths(firstDate, k)));
      case WageFrequencyId.fortnightly:
        return nextWorkingDay(firstCycleDateFrom(firstDate, 14, addMonths(firstDate, k)));
      case WageFrequencyId.twiceMonthly:
        return twiceMonthlyPaydayFrom(addMonths(firstDate, k));
      default:
        throw new RangeError(`unknown wage frequency id ${String(wageFrequencyId)}`);
    }
  };

  const dates: IsoDate[] = [first];
  for (let k = 1; k < count; k++) {
    const date = later(k);
    const previous = dates[k - 1] as IsoDate;
    // Every rule keeps instalments about a month apart, so this only fires on a bug, never on input.
    if (date <= previous) throw new Error(`repayment dates not increasing: ${previous} then ${date}`);
    dates.push(date);
  }
  return dates;
}
