import { londonToday } from '@lender/contract/dates';

/** A card is good to the last day of its expiry month (expMonth 1 to 12, expYear four digits). */
export function isExpired(expMonth: number, expYear: number, today: string = londonToday()): boolean {
  const thisMonth = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));
  return expYear * 12 + expMonth < thisMonth;
}
