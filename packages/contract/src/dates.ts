import { LONDON_TZ } from './constants';

/**
 * Calendar dates as `yyyy-MM-dd` strings in the Europe/London calendar. Arithmetic is done on UTC
 * midnights of those calendar days, so it never crosses a daylight-saving boundary by accident.
 */
export type IsoDate = string;

// Made on first use (as money.ts's formatter): not while a page's modules load.
let londonParts: Intl.DateTimeFormat | undefined;

function londonDateByIntl(at: Date): IsoDate {
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(londonParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const HOUR_MS = 3_600_000;
/** The London date of each UTC hour asked about: a signed-in read names several stored instants' dates. */
const londonDateOfHour = new Map<number, IsoDate>();

/**
 * The London calendar date of an instant. London's offset from UTC is a whole hour (0 or +1) and changes
 * on a UTC hour, so its midnight falls on a UTC hour too and every instant of one UTC hour has the same
 * London date: Intl (about 10 µs a call) is asked once an hour, not once an instant.
 */
function londonDateOf(at: Date): IsoDate {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (Number.isNaN(hour)) return londonDateByIntl(at);
  let date = londonDateOfHour.get(hour);
  if (date === undefined) {
    if (londonDateOfHour.size >= 10_000) londonDateOfHour.clear();
    date = londonDateByIntl(new Date(hour * HOUR_MS));
    londonDateOfHour.set(hour, date);
  }
  return date;
}

// Today changes once a day; asking Intl for every quote was a measurable share of a request.
let cachedToday: { date: IsoDate; until: number } | null = null;

let businessDateSource: (() => IsoDate) | null = null;

/**
 * Has `londonToday()` answer the lender's business date in this process (the API server sets it at
 * start, docs/decisions/021): every rule that says 'today' then reads the one date staff can move.
 */
export function setBusinessDateSource(source: (() => IsoDate) | null) {
  businessDateSource = source;
}

/** Today's date: the business date where the process has one, else the London calendar date of now. */
export function londonToday(now?: Date): IsoDate {
  if (now) return londonDateOf(now);
  if (businessDateSource) return businessDateSource();
  const ms = Date.now();
  if (!cachedToday || ms >= cachedToday.until) {
    // Re-read every second: a new day is seen at most a second late.
    cachedToday = { date: londonDateOf(new Date(ms)), until: ms + 1000 };
  }
  return cachedToday.date;
}

const digitAt = (s: string, i: number) => {
  const digit = s.charCodeAt(i) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
};

/** Year, month and day of a `yyyy-MM-dd` string; null for any other shape, month 00 or 13 up, day 00 or 32 up. */
function partsOf(date: string) {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const y = digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3);
  const m = digitAt(date, 5) * 10 + digitAt(date, 6);
  const d = digitAt(date, 8) * 10 + digitAt(date, 9);
  return y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? { y, m, d } : null;
}

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Days since 1970-01-01 of a calendar date, by arithmetic (H. Hinnant's days_from_civil); month is
 * 1-based, and a day past the month's end rolls over into the next month, as `Date` does. Parsing a date
 * string and `toISOString()` cost microseconds each on the servers, and pricing one quote takes dozens of
 * date steps.
 */
export function dayNumberOf(y: number, m: number, d: number): number {
  const shifted = m <= 2 ? y - 1 : y; // years start in March, so a leap day ends its year
  const era = Math.floor(shifted / 400);
  const yearOfEra = shifted - era * 400;
  const dayOfYear = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The day number of a `yyyy-MM-dd` date (see `dayNumberOf`); NaN where `Date` would be invalid. */
export function dayNumber(date: IsoDate): number {
  const parts = partsOf(date);
  return parts ? dayNumberOf(parts.y, parts.m, parts.d) : Number.NaN;
}

/** Year, month (1-based) and day of a day number (H. Hinnant's civil_from_days). */
function civil(days: number) {
  if (!Number.isFinite(days)) throw new RangeError('Invalid time value');
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  return {
    y: yearOfEra + era * 400 + (m <= 2 ? 1 : 0),
    m,
    d: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1,
  };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `yyyy-MM-dd` of a year, a 1-based month and a day, as given (no rolling over). */
export const isoDateOf = (y: number, m: number, d: number): IsoDate =>
  `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

/** The `yyyy-MM-dd` date of a day number; a NaN day number throws RangeError, as an Invalid Date would. */
export function fromDayNumber(days: number): IsoDate {
  const { y, m, d } = civil(days);
  return isoDateOf(y, m, d);
}

/** `yyyy-MM-dd` of a day that exists: not month 13, day 00 or 30 February. */
export const isIsoDate = (value: string) => {
  const parts = partsOf(value);
  return parts !== null && parts.d <= daysInMonth(parts.y, parts.m);
};

export const addDays = (date: IsoDate, days: number): IsoDate => fromDayNumber(dayNumber(date) + days);

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { y, m, d } = civil(dayNumber(date));
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return isoDateOf(year, month, Math.min(d, daysInMonth(year, month)));
}

export const daysBetween = (from: IsoDate, to: IsoDate) => dayNumber(to) - dayNumber(from);

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** month is 1-based (1-12). */
export const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1]!;

/** 0 = Sunday ... 6 = Saturday (1 January 1970 was a Thursday). */
export const weekday = (date: IsoDate) => (((dayNumber(date) + 4) % 7) + 7) % 7;
export const isWeekend = (date: IsoDate) => {
  const day = weekday(date);
  return day === 0 || day === 6;
};

/** `yyyy-MM-dd` -> `dd-MM-yyyy`, the display format. */
export function formatDisplayDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

/** Whether `date` is a weekday between `minDays` and `maxDays` from `today`, inclusive. */
export function isInRepaymentWindow(
  date: IsoDate,
  window: { minDays: number; maxDays: number },
  today: IsoDate = londonToday(),
): boolean {
  if (!isIsoDate(date) || isWeekend(date)) return false;
  const offset = daysBetween(today, date);
  return offset >= window.minDays && offset <= window.maxDays;
}

/** Age in whole years on `today`. */
export function ageOn(birthDate: IsoDate, today: IsoDate = londonToday()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
