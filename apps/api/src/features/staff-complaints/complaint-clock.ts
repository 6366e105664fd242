import { addDays, type IsoDate } from '@lender/contract/dates';
import { isWorkingDay } from '@lender/contract/pricing/bank-holidays';

/** DISP 1.6.2R: the final response by the end of eight weeks after receipt: calendar weeks, 56 days. */
export const FINAL_RESPONSE_DAYS = 56;
/** DISP 1.5.1R: a summary resolution communication only if resolved by close of the third business day. */
export const SUMMARY_BUSINESS_DAYS = 3;
/** A deadline this many days away or closer is 'due soon'. */
export const DUE_SOON_DAYS = 7;

/** The close of the third business day following the day of receipt (England and Wales bank holidays). */
export function summaryBy(receivedOn: IsoDate): IsoDate {
  let day = receivedOn;
  for (let counted = 0; counted < SUMMARY_BUSINESS_DAYS;) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) counted += 1;
  }
  return day;
}

export const deadlineOf = (receivedOn: IsoDate): IsoDate => addDays(receivedOn, FINAL_RESPONSE_DAYS);

export type Clock = 'open' | 'dueSoon' | 'overdue' | 'closed';

export function clockOf(deadlineOn: IsoDate, closedOn: IsoDate | null, today: IsoDate): Clock {
  if (closedOn !== null) return 'closed';
  if (today > deadlineOn) return 'overdue';
  if (addDays(today, DUE_SOON_DAYS) >= deadlineOn) return 'dueSoon';
  return 'open';
}
