import { addDays, daysInMonth, isoDateOf, isWeekend, weekday, type IsoDate } from '../dates';

/**
 * England and Wales bank holidays as published on gov.uk. The table wins for the years it lists because
 * the government sometimes adds one-off days (a coronation, a state funeral) that no rule can predict;
 * `bank-holidays.test.ts` checks that it agrees with the standing rules below, so a typo cannot hide.
 */
export const BANK_HOLIDAYS_ENGLAND_AND_WALES: Readonly<Record<number, readonly IsoDate[]>> = {
  2025: [
    '2025-01-01',
    '2025-04-18',
    '2025-04-21',
    '2025-05-05',
    '2025-05-26',
    '2025-08-25',
    '2025-12-25',
    '2025-12-26',
  ],
  2026: [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-04',
    '2026-05-25',
    '2026-08-31',
    '2026-12-25',
    '2026-12-28',
  ],
  2027: [
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-05-03',
    '2027-05-31',
    '2027-08-30',
    '2027-12-27',
    '2027-12-28',
  ],
  2028: [
    '2028-01-03',
    '2028-04-14',
    '2028-04-17',
    '2028-05-01',
    '2028-05-29',
    '2028-08-28',
    '2028-12-25',
    '2028-12-26',
  ],
};

/** Western (Gregorian) Easter Sunday, anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOf(year, month, day);
}

/** weekdayIndex: 0 = Sunday ... 6 = Saturday; month is 1-based. */
export function firstWeekdayOfMonth(year: number, month: number, weekdayIndex: number): IsoDate {
  const first = isoDateOf(year, month, 1);
  return addDays(first, (weekdayIndex - weekday(first) + 7) % 7);
}

/** weekdayIndex: 0 = Sunday ... 6 = Saturday; month is 1-based. */
export function lastWeekdayOfMonth(year: number, month: number, weekdayIndex: number): IsoDate {
  const last = isoDateOf(year, month, daysInMonth(year, month));
  return addDays(last, -((weekday(last) - weekdayIndex + 7) % 7));
}

const MONDAY = 1;

/**
 * The standing rules (Banking and Financial Dealings Act 1971 plus royal proclamations as usually made):
 * a fixed-date holiday on a weekend is substituted by the next weekday that is not already a holiday.
 */
export function ruleBasedBankHolidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  const holidays: IsoDate[] = [];
  const substitute = (date: IsoDate) => {
    let d = date;
    while (isWeekend(d) || holidays.includes(d)) d = addDays(d, 1);
    holidays.push(d);
  };
  substitute(isoDateOf(year, 1, 1));
  holidays.push(addDays(easter, -2), addDays(easter, 1));
  holidays.push(firstWeekdayOfMonth(year, 5, MONDAY));
  holidays.push(lastWeekdayOfMonth(year, 5, MONDAY));
  holidays.push(lastWeekdayOfMonth(year, 8, MONDAY));
  // Christmas first, so that Boxing Day's substitute steps over Christmas Day's.
  substitute(isoDateOf(year, 12, 25));
  substitute(isoDateOf(year, 12, 26));
  return holidays.sort();
}

const yearCache = new Map<number, ReadonlySet<IsoDate>>();

function holidaysOf(year: number): ReadonlySet<IsoDate> {
  let set = yearCache.get(year);
  if (!set) {
    set = new Set(BANK_HOLIDAYS_ENGLAND_AND_WALES[year] ?? ruleBasedBankHolidays(year));
    yearCache.set(year, set);
  }
  return set;
}

export const isBankHoliday = (date: IsoDate): boolean => holidaysOf(Number(date.slice(0, 4))).has(date);

export const isWorkingDay = (date: IsoDate): boolean => !isWeekend(date) && !isBankHoliday(date);

/** The date itself when it is a working day, otherwise the first working day after it. */
export function nextWorkingDay(date: IsoDate): IsoDate {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

/** The date itself when it is a working day, otherwise the last working day before it. */
export function previousWorkingDay(date: IsoDate): IsoDate {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, -1);
  return d;
}
