import { addDays, daysBetween, type IsoDate } from '@lender/contract/dates';

/**
 * Breathing Space (the Debt Respite Scheme (Breathing Space Moratorium and Mental Health Crisis
 * Moratorium) (England and Wales) Regulations 2020, docs/decisions/026) as pure rules of dates: which
 * days a moratorium covers, and how the days around one are counted.
 */

/** A standard breathing space: the day it starts and the 59 after it (reg. 26). */
export const BREATHING_SPACE_DAYS = 60;

export type Moratorium = { started_on: IsoDate; ends_on: IsoDate; ended_on: IsoDate | null };

/**
 * The planned last day of a mental health crisis moratorium (reg. 28-32): none, it lasts until it is
 * ended (the crisis treatment's end and 30 days, notified to us). A day after every other day, so every
 * rule of dates here reads it as a moratorium not yet over.
 */
export const UNTIL_ENDED = '9999-12-31' as IsoDate;

/** The planned last day of a moratorium starting on `start`. */
export const plannedLastDay = (start: IsoDate): IsoDate => addDays(start, BREATHING_SPACE_DAYS - 1);

/** Its last day: the 60th, or the day staff ended it when that came first. */
export const lastDayOf = (m: Moratorium): IsoDate =>
  m.ended_on !== null && m.ended_on < m.ends_on ? m.ended_on : m.ends_on;

export const covers = (m: Moratorium, date: IsoDate) => m.started_on <= date && date <= lastDayOf(m);

/** Whether `date` falls in any of the loan's moratoria. */
export const inMoratorium = (spaces: readonly Moratorium[] | undefined, date: IsoDate) =>
  spaces?.some((m) => covers(m, date)) ?? false;

/** The moratorium covering `date`, if any. */
export const moratoriumOn = <M extends Moratorium>(spaces: readonly M[] | undefined, date: IsoDate) =>
  spaces?.find((m) => covers(m, date));

/** How many days after `from`, up to and including `to`, fell in a moratorium (overlaps counted once). */
export function moratoriumDaysBetween(
  spaces: readonly Moratorium[] | undefined,
  from: IsoDate,
  to: IsoDate,
): number {
  const spans = (spaces ?? [])
    .map((m) => ({
      start: m.started_on > addDays(from, 1) ? m.started_on : addDays(from, 1),
      end: lastDayOf(m) < to ? lastDayOf(m) : to,
    }))
    .filter((s) => s.start <= s.end)
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  let days = 0;
  let countedThrough: IsoDate | null = null;
  for (const s of spans) {
    const start = countedThrough && countedThrough >= s.start ? addDays(countedThrough, 1) : s.start;
    if (start > s.end) continue;
    days += daysBetween(start, s.end) + 1;
    countedThrough = s.end;
  }
  return days;
}

/**
 * The day to price a day's interest as: `date` moved back by the moratorium days since the principal
 * last changed. Interest runs in steps from that change (entities/loans/ledger.ts, `interestFor`), so
 * without this the first day after a moratorium would charge every day of it at once; with it, that
 * day charges one day's interest and the moratorium's days are never charged (reg. 7).
 */
export const interestDayAfterMoratoria = (
  spaces: readonly Moratorium[] | undefined,
  principalSince: IsoDate | null,
  date: IsoDate,
): IsoDate => (principalSince ? addDays(date, -moratoriumDaysBetween(spaces, principalSince, date)) : date);

/**
 * Whether a missed payment was overdue during a moratorium (its due date no later than the last day
 * of one that has started by `date`): such a payment never attracts the default fee, during the
 * moratorium or after it (reg. 7: no fee or charge for the moratorium period, not even added later).
 */
export const missedPaymentCovered = (
  spaces: readonly Moratorium[] | undefined,
  oldestUnpaidDueDate: IsoDate | null,
  date: IsoDate,
) =>
  oldestUnpaidDueDate !== null &&
  (spaces ?? []).some((m) => m.started_on <= date && oldestUnpaidDueDate <= lastDayOf(m));
