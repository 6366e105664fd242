import { addDays } from '@lender/contract/dates';
import { describe, expect, it } from 'vitest';
import { lastDayToGive, periodEnd, periodMayHaveEndedBy, periodsEndedBy } from './statement-periods';

/* s77A(1A)-(1E): consecutive periods from the day the agreement is made, none over a year. */
describe('the periods of the s77A annual statement', () => {
  it('ends a year on the day before its anniversary when that is a working day', () => {
    // Monday 19 October 2026.
    expect(periodEnd('2025-10-20')).toBe('2026-10-19');
  });

  it('ends a year falling on a non-working day on the next working day (s77A(1D))', () => {
    // Saturday 17 October 2026 -> Monday 19 October.
    expect(periodEnd('2025-10-18')).toBe('2026-10-19');
    // Friday 25 December 2026 (Christmas), Saturday, Sunday, Monday 28 (the Boxing Day holiday).
    expect(periodEnd('2025-12-26')).toBe('2026-12-29');
  });

  it('never runs a year from 29 February past 28 February', () => {
    expect(periodEnd('2028-02-29')).toBe('2029-02-27');
  });

  it('lists the periods ended, each beginning the day after the last, and none before the first ends', () => {
    expect(periodsEndedBy('2025-10-18', '2026-10-18')).toEqual([]);
    expect(periodsEndedBy('2025-10-18', '2027-10-19')).toEqual([
      { seq: 1, start: '2025-10-18', end: '2026-10-19' },
      // 19 October 2027 is a Tuesday: the second year ends the day before its start's anniversary.
      { seq: 2, start: '2026-10-20', end: '2027-10-19' },
    ]);
  });

  it('gives a statement up to 30 days after its period ends (s77A(1E))', () => {
    expect(lastDayToGive({ end: '2026-10-19' })).toBe('2026-11-18');
  });
});

describe('the quick test the close of business passes most loans over with', () => {
  it('never passes over an agreement whose first period has ended: every day of four years, 29 Februaries too', () => {
    for (let made = '2027-01-01'; made <= '2030-12-31'; made = addDays(made, 1)) {
      const end = periodEnd(made);
      expect(periodMayHaveEndedBy(made, end), made).toBe(true);
      expect(periodsEndedBy(made, addDays(end, -1))).toEqual([]);
    }
    // The shortest first year: made on 29 February, ended 364 days later.
    expect(periodEnd('2028-02-29')).toBe('2029-02-27');
    expect(periodMayHaveEndedBy('2028-02-29', '2029-02-26')).toBe(false);
  });
});
