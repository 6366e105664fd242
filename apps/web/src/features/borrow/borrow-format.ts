import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence, poundsToPence } from '@lender/contract/money';

/** Pounds on the wire -> '£1,234.56' (rounded to whole pence first, as the ledger holds them). */
export const money = (pounds: number) => formatPence(poundsToPence(pounds));

/** A credit or debit column: a blank rather than '£0.00', so each row reads as the one movement it is. */
export const moneyOrBlank = (pounds: number) => (poundsToPence(pounds) === 0 ? '' : money(pounds));

/** `yyyy-MM-dd` (or a date-time) -> `dd-MM-yyyy`; nothing for a date the server has not set. */
export const displayDate = (date: string | null | undefined) => (date ? formatDisplayDate(date) : '');
