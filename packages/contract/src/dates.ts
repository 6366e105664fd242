import { LONDON_TZ } from './constants';

/**
 * Calendar dates as `yyyy-MM-dd` strings in the Europe/London calendar. Arithmetic is done on UTC
 * midnights of those calendar days, so it never crosses a daylight-saving boundary by accident.
 */
export type IsoDate = string;

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function londonDateOf(now: Date): IsoDate {
  const parts = Object.fromEntries(londonParts.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// Today changes once a day; asking Intl for every quote was a measurable share of a request.
let cachedToday: { date: IsoDate; until: number } | null = null;

export function londonToday(now?: Date): IsoDate {
  if (now) return londonDateOf(now);
  const ms = Date.now();
  if (!cachedToday || ms >= cachedToday.until) {
    // Re-read every second: a new day is seen at most a second late.
    cachedToday = { date: londonDateOf(new Date(ms)), until: ms + 1000 };
  }
  return cachedToday.date;
}

export const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Month 13 or day 00 makes an Invalid Date, whose toISOString() throws: that is "not a date", not a fault.
  const date = toUtc(value);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const toUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
export const fromUtc = (d: Date): IsoDate => d.toISOString().slice(0, 10);

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const d = toUtc(date);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = daysInMonth(target.getUTCFullYear(), target.getUTCMonth() + 1);
  target.setUTCDate(Math.min(day, last));
  return fromUtc(target);
}

export const daysBetween = (from: IsoDate, to: IsoDate) =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** month is 1-based. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** 0 = Sunday ... 6 = Saturday. */
export const weekday = (date: IsoDate) => toUtc(date).getUTCDay();
export const isWeekend = (date: IsoDate) => weekday(date) === 0 || weekday(date) === 6;

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
