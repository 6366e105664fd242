import { addDays, addMonths, type IsoDate } from '@lender/contract/dates';
import { isWorkingDay, nextWorkingDay } from '@lender/contract/pricing/bank-holidays';

/**
 * The periods of the s77A annual statement (Consumer Credit Act 1974 s77A(1A)-(1E), docs/decisions/
 * 073-annual-statement-s77a.md): consecutive, the first beginning with the day the agreement is made; none
 * longer than a year, where a year ending on a non-working day (a weekend or an England and Wales bank
 * holiday) is taken to end on the next working day (s77A(1D)); each statement given before the end of the
 * 30 days beginning with the day after its period ends (s77A(1E)).
 */
export type StatementPeriod = { seq: number; start: IsoDate; end: IsoDate };

/** s77A(1E): the days, from the day after a period ends, within which its statement is given. */
export const S77A_GIVE_WITHIN_DAYS = 30;

/**
 * The year beginning `start`: it ends the day before the same date a year on (29 February's year ends on
 * 27 February, so it is never longer than a year), or on the next working day when that is not one.
 */
export function periodEnd(start: IsoDate): IsoDate {
  const end = addDays(addMonths(start, 12), -1);
  return isWorkingDay(end) ? end : nextWorkingDay(end);
}

/**
 * Whether an agreement made on `agreementDate` can have had a period end by `through`: one date compared,
 * for the close of business to pass over most loans of a page every day without working their periods (a
 * first period ends at least 364 days after the agreement: the same date a year on less a day, or later,
 * 29 February's year on 27 February).
 */
export const periodMayHaveEndedBy = (agreementDate: IsoDate, through: IsoDate) =>
  agreementDate <= addDays(through, -364);

/** Every period that has ended on or before `through`, oldest first, the first beginning `agreementDate`. */
export function periodsEndedBy(agreementDate: IsoDate, through: IsoDate): StatementPeriod[] {
  const periods: StatementPeriod[] = [];
  for (let start = agreementDate, seq = 1; ; seq++) {
    const end = periodEnd(start);
    if (end > through) return periods;
    periods.push({ seq, start, end });
    start = addDays(end, 1);
  }
}

/** The last day a period's statement may be given (s77A(1E)): its end plus 30 days. */
export const lastDayToGive = (period: Pick<StatementPeriod, 'end'>): IsoDate =>
  addDays(period.end, S77A_GIVE_WITHIN_DAYS);
