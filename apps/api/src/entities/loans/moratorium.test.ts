import { describe, expect, it } from 'vitest';
import {
  inMoratorium,
  interestDayAfterMoratoria,
  lastDayOf,
  missedPaymentCovered,
  moratoriumDaysBetween,
  plannedLastDay,
  type Moratorium,
} from './moratorium';

const space = (started_on: string, ended_on: string | null = null): Moratorium => ({
  started_on,
  ends_on: plannedLastDay(started_on),
  ended_on,
});

describe('Breathing Space dates', () => {
  it('covers 60 days, both ends included, or up to the day staff ended it', () => {
    const m = space('2026-03-01');
    expect(m.ends_on).toBe('2026-04-29');
    expect(inMoratorium([m], '2026-02-28')).toBe(false);
    expect(inMoratorium([m], '2026-03-01')).toBe(true);
    expect(inMoratorium([m], '2026-04-29')).toBe(true);
    expect(inMoratorium([m], '2026-04-30')).toBe(false);
    const ended = space('2026-03-01', '2026-03-10');
    expect(lastDayOf(ended)).toBe('2026-03-10');
    expect(inMoratorium([ended], '2026-03-11')).toBe(false);
    expect(inMoratorium(undefined, '2026-03-05')).toBe(false);
  });

  it('counts the moratorium days after a day up to another, overlaps once', () => {
    const m = space('2026-03-01');
    expect(moratoriumDaysBetween([m], '2026-02-20', '2026-02-28')).toBe(0);
    expect(moratoriumDaysBetween([m], '2026-02-20', '2026-03-05')).toBe(5);
    expect(moratoriumDaysBetween([m], '2026-03-01', '2026-03-05')).toBe(4);
    expect(moratoriumDaysBetween([m], '2026-02-20', '2026-05-10')).toBe(60);
    expect(moratoriumDaysBetween([m, space('2026-04-20')], '2026-02-20', '2026-05-10')).toBe(71);
  });

  it('prices the first day after a moratorium as one day, not the moratorium at once', () => {
    const m = space('2026-03-01');
    // Principal last changed on 25 February: 1 March to 29 April never count.
    expect(interestDayAfterMoratoria([m], '2026-02-25', '2026-04-30')).toBe('2026-03-01');
    expect(interestDayAfterMoratoria([m], '2026-02-25', '2026-02-28')).toBe('2026-02-28');
    expect(interestDayAfterMoratoria([], null, '2026-02-28')).toBe('2026-02-28');
  });

  it('leaves a missed payment overdue during a moratorium without a default fee, then and after', () => {
    const m = space('2026-03-01');
    expect(missedPaymentCovered([m], '2026-02-26', '2026-05-20')).toBe(true);
    expect(missedPaymentCovered([m], '2026-04-29', '2026-05-20')).toBe(true);
    expect(missedPaymentCovered([m], '2026-04-30', '2026-05-20')).toBe(false);
    expect(missedPaymentCovered([m], '2026-02-26', '2026-02-28')).toBe(false);
    expect(missedPaymentCovered([m], null, '2026-03-20')).toBe(false);
  });
});
