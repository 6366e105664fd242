import {
  addDays,
  addMonths,
  dayNumber,
  daysInMonth,
  isoDateOf,
  weekday,
  type IsoDate,
} from '@lender/contract/dates';
import type { Pence } from '@lender/contract/money';
import { nextWorkingDay, previousWorkingDay } from '@lender/contract/pricing/bank-holidays';
import type { BankAccountRead, BankTransaction } from '../../lib/open-banking/account-information';

/**
 * Building blocks of the sandbox bank's statements (issue 49): dates counted in the 90 days up to the
 * business date, amounts that vary from day to day without Math.random (a hash of the customer and the
 * date), and an account whose running balance follows its booked transactions.
 */

/** Days of statement the sandbox gives: the consent reads 90 days back. */
export const STATEMENT_DAYS = 90;

/** The first day of the statement ending `today`. */
export const statementStart = (today: IsoDate): IsoDate => addDays(today, -(STATEMENT_DAYS - 1));

const inWindow = (date: IsoDate, today: IsoDate) => date >= statementStart(today) && date <= today;

/** One line as the sandbox writes it: a signed amount (credit positive), the bank's code and words. */
export type Entry = {
  on: IsoDate;
  pence: Pence;
  code: string;
  text: string;
  party?: string;
  merchant?: string;
  mcc?: string;
  pending?: true;
};

/**
 * The day `dayOfMonth` of every month in the window (the month's last day where it is shorter), moved as
 * banks move it: a payer pays on the working day before (salaries, benefits), a standing order or direct
 * debit is taken on the working day after, or on the day itself (card payments, transfers).
 */
export function monthlyDates(today: IsoDate, dayOfMonth: number, move: 'before' | 'after' | 'none') {
  const out: IsoDate[] = [];
  // 90 days touch at most four calendar months; one either side catches a date moved into the window.
  for (let k = -4; k <= 1; k++) {
    const first = addMonths(`${today.slice(0, 8)}01`, k);
    const y = Number(first.slice(0, 4));
    const m = Number(first.slice(5, 7));
    const nominal = isoDateOf(y, m, Math.min(dayOfMonth, daysInMonth(y, m)));
    const date =
      move === 'before' ? previousWorkingDay(nominal) : move === 'after' ? nextWorkingDay(nominal) : nominal;
    if (inWindow(date, today)) out.push(date);
  }
  return out;
}

/** A direct debit or standing order on a day of the month, taken on the next working day. */
export const monthlyDebit = (
  today: IsoDate,
  day: number,
  code: 'DD' | 'SO',
  pence: Pence,
  text: string,
  party: string,
) => monthlyDates(today, day, 'after').map((on): Entry => ({ on, pence: -pence, code, text, party }));

/** Every `day` of the week (0 Sunday ... 6 Saturday) in the window. */
export function weeklyDates(today: IsoDate, day: number) {
  const out: IsoDate[] = [];
  for (let d = statementStart(today); d <= today; d = addDays(d, 1)) if (weekday(d) === day) out.push(d);
  return out;
}

/**
 * Every other `day` of the week, on the same weeks whatever `today` is (weeks counted from 1970), as a
 * fortnightly payer keeps its own rhythm.
 */
export const fortnightlyDates = (today: IsoDate, day: number) =>
  weeklyDates(today, day).filter((d) => Math.floor(dayNumber(d) / 7) % 2 === 0);

/** Days `start`, `start + step`, ... days before today (negative offsets), up to today. */
export function everyDays(today: IsoDate, start: number, step: number) {
  const out: IsoDate[] = [];
  for (let offset = start; offset <= 0; offset += step) out.push(addDays(today, offset));
  return out;
}

/** A whole number of pence from `min` to `max`, the same every time for the same seed (FNV-1a). */
export function vary(seed: string, min: Pence, max: Pence): Pence {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return min + (h % (max - min + 1));
}

/**
 * An account as the bank reads it: the lines in date order (those of one day in the order given), each
 * booked line with the balance after it, the booked balance at the end. Ids are the customer, the
 * account, the date and the line's place in that day, so the same statement always has the same ids.
 */
export function account(
  customer: string,
  name: string,
  subType: string,
  openingPence: Pence,
  entries: Entry[],
): BankAccountRead {
  const accountId = `sbx-${customer}-${name}`;
  const sorted = [...entries].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
  let balance = openingPence;
  let day = '';
  let index = 0;
  const transactions = sorted.map((e): BankTransaction => {
    index = e.on === day ? index + 1 : 0;
    day = e.on;
    if (!e.pending) balance += e.pence;
    return {
      transactionId: `${accountId}-${e.on}-${index}`,
      bookedOn: e.on,
      amountPence: Math.abs(e.pence),
      direction: e.pence >= 0 ? 'credit' : 'debit',
      status: e.pending ? 'pending' : 'booked',
      description: e.text,
      merchantName: e.merchant ?? null,
      merchantCategoryCode: e.mcc ?? null,
      bankCode: e.code,
      counterparty: e.party ?? null,
      balanceAfterPence: e.pending ? null : balance,
    };
  });
  return { accountId, subType, balancePence: balance, transactions };
}

/** A card payment at a shop: the bank shows the merchant, its category code and the code DEB. */
export const card = (on: IsoDate, pence: Pence, merchant: string, mcc: string, text = merchant): Entry => ({
  on,
  pence: -pence,
  code: 'DEB',
  text,
  merchant,
  mcc,
});
