import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, daysBetween, isWeekend } from '../dates';
import {
  BANK_HOLIDAYS_ENGLAND_AND_WALES,
  easterSunday,
  isBankHoliday,
  isWorkingDay,
  lastWeekdayOfMonth,
  nextWorkingDay,
  previousWorkingDay,
  ruleBasedBankHolidays,
} from './bank-holidays';

const anyDate = fc
  .integer({ min: 0, max: daysBetween('2025-01-01', '2029-12-31') })
  .map((offset) => addDays('2025-01-01', offset));

describe('bank holidays of England and Wales', () => {
  it('lists the published 2026 dates, Boxing Day substituted to Monday 28 December', () => {
    expect(BANK_HOLIDAYS_ENGLAND_AND_WALES[2026]).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it.each([2025, 2026, 2027, 2028])('agrees with the standing rules in %i', (year) => {
    expect(BANK_HOLIDAYS_ENGLAND_AND_WALES[year]).toEqual(ruleBasedBankHolidays(year));
  });

  it('substitutes both Christmas holidays when they fall on a weekend (2027)', () => {
    expect(BANK_HOLIDAYS_ENGLAND_AND_WALES[2027]?.slice(-2)).toEqual(['2027-12-27', '2027-12-28']);
  });

  it('substitutes New Year on a Saturday to the Monday (2028)', () => {
    expect(isBankHoliday('2028-01-03')).toBe(true);
    expect(isBankHoliday('2028-01-01')).toBe(false);
  });

  it.each([
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'],
  ])('finds Easter Sunday %i on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('falls back to the rules beyond the table', () => {
    expect(isBankHoliday('2029-03-30')).toBe(true); // Good Friday 2029
    expect(isBankHoliday('2029-08-27')).toBe(true);
    expect(isBankHoliday('2029-08-28')).toBe(false);
  });

  it('finds the last weekday of a month', () => {
    expect(lastWeekdayOfMonth(2027, 1, 5)).toBe('2027-01-29');
    expect(lastWeekdayOfMonth(2027, 5, 1)).toBe('2027-05-31');
    expect(lastWeekdayOfMonth(2026, 2, 6)).toBe('2026-02-28');
  });
});

describe('working days', () => {
  it('excludes weekends and bank holidays', () => {
    expect(isWorkingDay('2026-12-24')).toBe(true);
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-26')).toBe(false);
    expect(isWorkingDay('2026-12-28')).toBe(false);
    expect(isWorkingDay('2026-12-29')).toBe(true);
  });

  it('moves forward and back over Christmas and Easter', () => {
    expect(nextWorkingDay('2026-12-25')).toBe('2026-12-29');
    expect(previousWorkingDay('2026-12-28')).toBe('2026-12-24');
    expect(nextWorkingDay('2027-03-26')).toBe('2027-03-30');
    expect(previousWorkingDay('2027-03-29')).toBe('2027-03-25');
    expect(nextWorkingDay('2027-03-31')).toBe('2027-03-31');
    expect(previousWorkingDay('2027-03-31')).toBe('2027-03-31');
  });

  it('next and previous working days are the nearest working days on each side', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const next = nextWorkingDay(date);
        const previous = previousWorkingDay(date);
        expect(isWorkingDay(next) && !isWeekend(next)).toBe(true);
        expect(isWorkingDay(previous)).toBe(true);
        expect(next >= date && previous <= date).toBe(true);
        for (let d = addDays(previous, 1); d < next; d = addDays(d, 1)) expect(isWorkingDay(d)).toBe(false);
        expect(isWorkingDay(date)).toBe(next === date);
      }),
    );
  });
});
