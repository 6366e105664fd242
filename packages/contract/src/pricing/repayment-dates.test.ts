import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween } from '../dates';
import { isWorkingDay, nextWorkingDay } from './bank-holidays';
import {
  enableDateFor,
  isWageFrequencyId,
  MAX_PERIOD_DAYS,
  repaymentDates,
  WAGE_FREQUENCY_NAMES,
  WageFrequencyId,
} from './repayment-dates';

const W = WageFrequencyId;

describe('WageFrequencyId', () => {
  it('matches the seeded dictionary', () => {
    expect(Object.values(W)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(WAGE_FREQUENCY_NAMES[W.lastFriday]).toBe('Last friday of the month');
    expect(isWageFrequencyId(12)).toBe(true);
    expect(isWageFrequencyId(13)).toBe(false);
  });
});

describe('repaymentDates, one rule at a time', () => {
  it.each<[string, WageFrequencyId, string, number, string[]]>([
    [
      'specific date',
      W.specificDate,
      '2026-12-15',
      4,
      ['2026-12-15', '2027-01-15', '2027-02-15', '2027-03-15'],
    ],
    // 25 Dec is a holiday: forward to 29 Dec; later months keep the 25th.
    [
      'specific date from a holiday',
      W.specificDate,
      '2026-12-25',
      3,
      ['2026-12-29', '2027-01-25', '2027-02-25'],
    ],
    // 31 Jan and 28 Feb 2027 are Sundays: forward; March comes back to the 31st.
    ['monthly from the 31st', W.monthly, '2027-01-31', 3, ['2027-02-01', '2027-03-01', '2027-03-31']],
    [
      'last working day',
      W.lastWorkingDay,
      '2027-01-29',
      4,
      ['2027-01-29', '2027-02-26', '2027-03-31', '2027-04-30'],
    ],
    // 31 Aug 2026 is the summer bank holiday: back to Friday 28 Aug.
    ['last working day before a holiday', W.lastWorkingDay, '2026-07-31', 2, ['2026-07-31', '2026-08-28']],
    // 1 Jan 2027 is New Year's Day: forward to Monday 4 Jan, then back on the 28-day cycle.
    ['four weekly', W.fourWeekly, '2026-12-04', 4, ['2026-12-04', '2027-01-04', '2027-01-29', '2027-02-26']],
    // The last Friday of December 2026 is Christmas Day: back to Thursday 24 Dec. The last Friday of
    // January (29th) is then 36 days on, so the instalment is taken on Thursday 28 Jan (35 days at most).
    ['last friday', W.lastFriday, '2026-12-04', 3, ['2026-12-04', '2026-12-24', '2027-01-28']],
    // The last Friday of March 2027 is Good Friday: back to Thursday 25 March; 30 April is 36 days on.
    ['last friday on Good Friday', W.lastFriday, '2027-02-26', 3, ['2027-02-26', '2027-03-25', '2027-04-29']],
    // 29 Jan is only 9 days after the first instalment, but 26 Feb would be 37: the nearer payday.
    [
      'last friday, a payday soon after',
      W.lastFriday,
      '2027-01-20',
      3,
      ['2027-01-20', '2027-01-29', '2027-02-26'],
    ],
    // 27 Jan is 7 days on and 24 Feb is 35: the payday a month away rather than two payments in a week.
    ['last wednesday, a payday a week after', W.lastWednesday, '2027-01-20', 2, ['2027-01-20', '2027-02-24']],
    [
      'last thursday',
      W.lastThursday,
      '2026-12-04',
      4,
      ['2026-12-04', '2026-12-31', '2027-01-28', '2027-02-25'],
    ],
    [
      'last wednesday',
      W.lastWednesday,
      '2026-12-04',
      4,
      ['2026-12-04', '2026-12-30', '2027-01-27', '2027-02-24'],
    ],
    [
      'last tuesday',
      W.lastTuesday,
      '2026-12-04',
      4,
      ['2026-12-04', '2026-12-29', '2027-01-26', '2027-02-23'],
    ],
    // The last Mondays of May and August 2027 are bank holidays: back to the Fridays before.
    [
      'last monday',
      W.lastMonday,
      '2027-04-26',
      5,
      ['2027-04-26', '2027-05-28', '2027-06-28', '2027-07-26', '2027-08-27'],
    ],
    // Fridays from 4 Dec; the first Friday on or after 4 Jan and 4 Feb.
    ['weekly', W.weekly, '2026-12-04', 3, ['2026-12-04', '2027-01-08', '2027-02-05']],
    // Every other Friday from 4 Dec: 1 Jan (New Year's Day, so Monday 4 Jan), 15 Jan, 29 Jan, 12 Feb. The
    // first payday on or after 4 Jan (15 Jan) is 42 days on, so the latest one within 35 days is taken.
    ['fortnightly', W.fortnightly, '2026-12-04', 3, ['2026-12-04', '2027-01-04', '2027-01-29']],
    [
      'twice monthly, no period over 35 days',
      W.twiceMonthly,
      '2026-12-10',
      4,
      // 15 Jan would be 36 days on: the payday before it within 35 days is the month end.
      ['2026-12-10', '2026-12-31', '2027-01-29', '2027-02-26'],
    ],
    // 15 May 2027 is a Saturday: forward to Monday 17 May.
    ['twice monthly, 15th on a Saturday', W.twiceMonthly, '2027-04-12', 2, ['2027-04-12', '2027-05-17']],
    // 28 Feb 2027 is a Sunday: the month-end payday is Friday 26 Feb, not skipped.
    [
      'twice monthly, month-end slot',
      W.twiceMonthly,
      '2027-01-28',
      3,
      ['2027-01-28', '2027-02-26', '2027-03-31'],
    ],
  ])('%s', (_name, wageFrequencyId, firstDate, count, expected) => {
    expect(repaymentDates({ firstDate, count, wageFrequencyId })).toEqual(expected);
  });

  it('moves a weekend start to the next working day', () => {
    expect(repaymentDates({ firstDate: '2027-01-30', count: 1, wageFrequencyId: W.lastFriday })).toEqual([
      '2027-02-01',
    ]);
  });

  it('rejects bad input', () => {
    expect(() => repaymentDates({ firstDate: '2027-02-30', count: 1, wageFrequencyId: W.monthly })).toThrow(
      RangeError,
    );
    expect(() => repaymentDates({ firstDate: '2027-02-01', count: 0, wageFrequencyId: W.monthly })).toThrow(
      RangeError,
    );
    expect(() =>
      repaymentDates({ firstDate: '2027-02-01', count: 2, wageFrequencyId: 99 as WageFrequencyId }),
    ).toThrow(RangeError);
  });
});

describe('repaymentDates, every frequency', () => {
  const frequency = fc.constantFrom(...Object.values(W));
  const today = fc
    .integer({ min: 0, max: daysBetween('2025-01-01', '2032-12-31') })
    .map((offset) => addDays('2025-01-01', offset));

  it('gives working days, strictly increasing, no period after the first over 35 days', () => {
    fc.assert(
      fc.property(
        today,
        fc.integer({ min: 6, max: 45 }),
        fc.integer({ min: 1, max: 6 }),
        frequency,
        (day, offset, count, wageFrequencyId) => {
          const firstDate = addDays(day, offset);
          const dates = repaymentDates({ firstDate, count, wageFrequencyId });
          expect(dates).toHaveLength(count);
          expect(dates[0]).toBe(nextWorkingDay(firstDate));
          dates.forEach((date, k) => {
            expect(isWorkingDay(date)).toBe(true);
            if (k === 0) return;
            const gap = daysBetween(dates[k - 1] as string, date);
            expect(gap).toBeGreaterThanOrEqual(1);
            expect(gap).toBeLessThanOrEqual(MAX_PERIOD_DAYS);
          });
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('enableDateFor', () => {
  it('presets the first working day a week ahead for fixed paydays', () => {
    expect(enableDateFor(W.specificDate, '2026-11-22')).toBe('2026-11-30');
    expect(enableDateFor(W.lastFriday, '2026-12-18')).toBe('2026-12-29');
    expect(enableDateFor(W.lastMonday, '2027-01-05')).toBe('2027-01-12');
  });

  it('leaves the date to the customer otherwise', () => {
    for (const id of [W.lastWorkingDay, W.fourWeekly, W.monthly, W.weekly, W.fortnightly, W.twiceMonthly]) {
      expect(enableDateFor(id, '2026-11-22')).toBeNull();
    }
  });
});
