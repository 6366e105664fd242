import { addDays, addMonths, type IsoDate } from '@lender/contract/dates';

export type CobDates = {
  /** D: the day every seeded loan was paid out. */
  fundedOn: IsoDate;
  /** The first instalment's due date, a month after D: every loan is collected by CPA on it. */
  dueDay: IsoDate;
  /** What the business date is set to: the day after the due day, or the run's date if later. */
  businessDate: IsoDate;
};

/**
 * The seeded book's dates, from the run's date: paid out a month and a day ago, so that the first due
 * date has passed and the day after it is not in the future. The read test's server runs in production,
 * where the business date is the calendar's: it then sees the loans as they are after their first due
 * date, as a customer would.
 */
export function cobDates(today: IsoDate): CobDates {
  const fundedOn = addDays(addMonths(today, -1), -1);
  const dueDay = addMonths(fundedOn, 1);
  const next = addDays(dueDay, 1);
  return { fundedOn, dueDay, businessDate: next > today ? next : today };
}
