import { londonToday } from '@lender/contract/dates';

/** Months counted from year 0: a card's expiry and today's month compare as numbers. */
export const monthNumber = (today: string) => Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));

/** A card is good to the last day of its expiry month (expMonth 1 to 12, expYear four digits). */
export function isExpired(expMonth: number, expYear: number, today: string = londonToday()): boolean {
  return expYear * 12 + expMonth < monthNumber(today);
}
