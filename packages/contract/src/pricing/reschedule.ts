import { addDays, daysInMonth, formatDisplayDate, isIsoDate, isoDateOf, type IsoDate } from '../dates';
import { formatPence } from '../money';
import { Msg } from '../rules/messages';
import { isWorkingDay } from './bank-holidays';

/** A part payment is at least this share of the total due ('Minimum amount to pay is 10%...'). */
export const MIN_PART_PAYMENT_SHARE = 0.1;

/** In arrears, the least payment taken: a token payment (CONC 7.3.5: forbearance accepts what can be paid). */
export const TOKEN_PAYMENT_MIN_PENCE = 100;

/**
 * The least a part payment may be, in pence, of a total due: 10%, or in arrears a token payment of £1
 * (or the whole balance when that is less).
 */
export const minPartPaymentPence = (totalDuePence: number, inArrears = false) =>
  inArrears
    ? Math.min(totalDuePence, TOKEN_PAYMENT_MIN_PENCE)
    : Math.ceil(totalDuePence * MIN_PART_PAYMENT_SHARE);

/**
 * What is wrong with a part payment of `pence` against today's total due, in the customer's words; null
 * when it may be paid. The one statement of the bounds: the payment form, CardPayment and a plan's amount
 * paid now all ask this (10% to 100% of the total due, in arrears any amount from £1).
 */
export function partPaymentProblem(pence: number, totalDuePence: number, inArrears = false): string | null {
  if (pence > totalDuePence) return Msg.maxPayment(formatPence(totalDuePence));
  if (pence < minPartPaymentPence(totalDuePence, inArrears) || pence <= 0) {
    return inArrears ? Msg.minTokenPayment : Msg.minPayment;
  }
  return null;
}

/** What a new plan is (docs/decisions/025), as stored with it and as the page words it. */
export type PlanKind = 'reschedule' | 'refinance' | 'forbearance';

/**
 * The kind of a new plan whose payments fall on `dates` (in order), for the server that prices it and
 * the page that asks for the refinance's sheet and income check alike (issue 46, CONC 6.7.17R): in
 * arrears it is forbearance (CONC 7.3: no interest or fee, outside the count of refinances); otherwise a
 * plan that moves any payment later extends the credit, a refinance. `dueDates` are the dates of the
 * plan in force's instalments not yet paid in full, in order: the new plan's k-th payment is set beside
 * the k-th of them (a payment past their number beside the last), and any one later than its pair makes
 * the plan a refinance, even when the last date does not move. Else a reschedule.
 */
export const planKindOf = (
  rules: { forbearance: boolean; dueDates: readonly string[] },
  dates: readonly string[],
): PlanKind => {
  if (rules.forbearance) return 'forbearance';
  const due = rules.dueDates;
  if (due.length === 0) return 'reschedule';
  const later = dates.some((date, k) => date > due[Math.min(k, due.length - 1)]!);
  return later ? 'refinance' : 'reschedule';
};

/**
 * A customer's monthly income and outgoings, in pence, as the refinance's income and expenditure check
 * takes them (issue 46, CONC 6.7.20R's companion duty to assess affordability, CONC 5.2A).
 */
export type IncomeAndOutgoings = {
  monthlyIncomePence: number;
  housingPence: number;
  billsPence: number;
  creditPence: number;
  livingPence: number;
  otherPence: number;
};

/** What is left each month after the outgoings (may be below 0). */
export const disposableIncomePence = (ie: IncomeAndOutgoings) =>
  ie.monthlyIncomePence - ie.housingPence - ie.billsPence - ie.creditPence - ie.livingPence - ie.otherPence;

/**
 * The most a plan takes in any one calendar month: what its payments in that month add up to, so a
 * weekly plan is measured as fairly as a monthly one against a monthly disposable income.
 */
export function mostInAMonthPence(lines: readonly { date: string; paymentPence: number }[]): number {
  const byMonth = new Map<string, number>();
  for (const line of lines) {
    const month = line.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + line.paymentPence);
  }
  return Math.max(0, ...byMonth.values());
}

/** The latest first date of a new plan: the last day of the month after next (issue 27). */
export function latestRescheduleDate(today: IsoDate): IsoDate {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + 2;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoDateOf(year, month, daysInMonth(year, month));
}

/** Why a new plan's first date is refused, in words for the field, or null: a working day, tomorrow at the earliest. */
export function rescheduleDateProblem(date: string, today: IsoDate): string | null {
  if (!isIsoDate(date)) return Msg.paymentDate;
  const latest = latestRescheduleDate(today);
  if (date <= today || date > latest) {
    return `Please choose a date from ${formatDisplayDate(addDays(today, 1))} to ${formatDisplayDate(latest)}.`;
  }
  if (!isWorkingDay(date)) return 'Please choose a working day: not a weekend or a bank holiday.';
  return null;
}
