import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  dayNumber,
  daysBetween,
  fromDayNumber,
  isIsoDate,
  londonToday,
  weekday,
} from './dates';

// The arithmetic replaced parsing with Date; Date stays the reference it must agree with.
const viaDate = (date: string) => new Date(`${date}T00:00:00Z`);
const anyDay = fc
  .integer({ min: dayNumber('1900-01-01'), max: dayNumber('2199-12-31') })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('day numbers', () => {
  it('count days from 1 January 1970', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2000-03-01')).toBe(11_017);
    expect(fromDayNumber(11_017)).toBe('2000-03-01');
    expect(fromDayNumber(dayNumber('2028-02-29'))).toBe('2028-02-29');
  });

  it('agree with Date on every day of three centuries', () => {
    fc.assert(
      fc.property(
        anyDay,
        fc.integer({ min: -800, max: 800 }),
        fc.integer({ min: -30, max: 30 }),
        (d, n, m) => {
          expect(dayNumber(d)).toBe(viaDate(d).getTime() / 86_400_000);
          expect(weekday(d)).toBe(viaDate(d).getUTCDay());
          const later = viaDate(d);
          later.setUTCDate(later.getUTCDate() + n);
          expect(addDays(d, n)).toBe(later.toISOString().slice(0, 10));
          expect(daysBetween(d, addDays(d, n))).toBe(n);
          const months = viaDate(d);
          const target = new Date(Date.UTC(months.getUTCFullYear(), months.getUTCMonth() + m, 1));
          const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
          target.setUTCDate(Math.min(months.getUTCDate(), last));
          expect(addMonths(d, m)).toBe(target.toISOString().slice(0, 10));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('roll a day past the month end over as Date does, and refuse what Date refuses', () => {
    expect(addDays('2026-02-30', 0)).toBe('2026-03-02');
    expect(dayNumber('2026-13-01')).toBeNaN();
    expect(dayNumber('2026-01-00')).toBeNaN();
    expect(dayNumber('2026-01-32')).toBeNaN();
    expect(dayNumber('2026-1-05')).toBeNaN();
    expect(dayNumber('2026-11-23T10:00:00')).toBeNaN();
    expect(weekday('not a date')).toBeNaN();
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('isIsoDate', () => {
  it.each(['2026-11-23', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-05',
    '26-11-23',
    '2026-11-23 ',
    '',
  ])('refuses %j', (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe("an instant's London date", () => {
  // Worked by Intl alone, as the test's own reference (en-CA writes yyyy-mm-dd).
  const reference = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

  it('is the London calendar date either side of midnight, in winter and in summer', () => {
    expect(londonToday(new Date('2026-01-15T23:59:59.999Z'))).toBe('2026-01-15');
    expect(londonToday(new Date('2026-01-16T00:00:00.000Z'))).toBe('2026-01-16');
    // British Summer Time: London's midnight is 23:00 UTC.
    expect(londonToday(new Date('2026-07-15T22:59:59.999Z'))).toBe('2026-07-15');
    expect(londonToday(new Date('2026-07-15T23:00:00.000Z'))).toBe('2026-07-16');
    // The clocks change at 01:00 UTC: the last Sundays of March and October 2026.
    expect(londonToday(new Date('2026-03-28T23:59:59.999Z'))).toBe('2026-03-28');
    expect(londonToday(new Date('2026-03-29T00:59:59.999Z'))).toBe('2026-03-29');
    expect(londonToday(new Date('2026-10-24T22:59:59.999Z'))).toBe('2026-10-24');
    expect(londonToday(new Date('2026-10-24T23:00:00.000Z'))).toBe('2026-10-25');
  });

  it('agrees with Intl at the first and last millisecond of every UTC hour of two years', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 3_600_000) {
      for (const at of [ms, ms + 1_799_999, ms + 3_599_999]) {
        const expected = reference.format(new Date(at));
        if (londonToday(new Date(at)) !== expected) wrong.push(new Date(at).toISOString());
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an invalid instant', () => {
    expect(() => londonToday(new Date('not a date'))).toThrow(RangeError);
  });
});
