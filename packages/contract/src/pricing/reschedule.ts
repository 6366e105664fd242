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
 * The kind of a new plan whose last payment falls on `lastDate`, for the server that prices it and the
 * page that asks for the refinance tick boxes alike: in arrears it is forbearance (CONC 7.3, never a
 * refinance); otherwise a plan ending after the signed last date extends the credit, a refinance
 * (CONC 6.7.20R); else a reschedule.
 */
export const planKindOf = (
  rules: { forbearance: boolean; signedLastDate: string },
  lastDate: string,
): PlanKind =>
  rules.forbearance ? 'forbearance' : lastDate > rules.signedLastDate ? 'refinance' : 'reschedule';

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
