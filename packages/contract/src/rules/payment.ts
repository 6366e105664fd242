import { z } from 'zod';
import { rescheduleSchema } from '../calls/my-account-area';
import { billingAddressSchema } from '../calls/shared';
import { PARTIAL_PAYMENT_MIN_SHARE } from '../constants';
import { addDays, addMonths, daysInMonth, isIsoDate, londonToday, type IsoDate } from '../dates';
import { formatPence, poundsToPence, type Pence } from '../money';
import { creditCardSchema } from './card';
import { requiredTrue } from './common';
import { Msg } from './messages';

/**
 * The payment wizard's and the new card's forms (spec sections 4 and 5, 'Payment and reschedule'): the
 * page checks with these, the server with the calls' own schemas and the same bounds.
 */

/**
 * What a part payment may be (spec section 9): at least 10% of the total due, rounded up to the penny,
 * and at most the total due.
 */
export function partPaymentBounds(totalDuePence: Pence): { minPence: Pence; maxPence: Pence } {
  return { minPence: Math.ceil(totalDuePence * PARTIAL_PAYMENT_MIN_SHARE), maxPence: totalDuePence };
}

/**
 * Pounds as a person types them ('£1,000', '12.5', ' 40.00 '): the number, or undefined when the text
 * is empty or not an amount in pounds and pence, so the schema gives its own message.
 */
export function parsePounds(text: string): number | undefined {
  const cleaned = text.replace(/[£,\s]/g, '');
  return /^\d+(?:\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
}

/** 'Other amount' against today's total due (pounds, as GetTotalDue answers it). */
export const otherAmountField = (totalDue: number) => {
  const { minPence, maxPence } = partPaymentBounds(poundsToPence(totalDue));
  return z.number({ error: Msg.paymentAmount }).superRefine((pounds, ctx) => {
    const pence = poundsToPence(pounds);
    if (pence > maxPence) ctx.addIssue({ code: 'custom', message: Msg.maxPayment(formatPence(maxPence)) });
    else if (pence < minPence || pence <= 0) ctx.addIssue({ code: 'custom', message: Msg.minPayment });
  });
};

/**
 * The next payment of a new plan (spec section 9): from tomorrow to the last day of the month after
 * next.
 */
export function rescheduleDateWindow(today: IsoDate = londonToday()): { first: IsoDate; last: IsoDate } {
  const monthAfterNext = addMonths(`${today.slice(0, 8)}01`, 2);
  const [y, m] = monthAfterNext.split('-').map(Number) as [number, number];
  return { first: addDays(today, 1), last: `${monthAfterNext.slice(0, 8)}${daysInMonth(y, m)}` };
}

export const isInRescheduleWindow = (date: string, today: IsoDate = londonToday()) => {
  const { first, last } = rescheduleDateWindow(today);
  return isIsoDate(date) && date >= first && date <= last;
};

/**
 * The reschedule step: the new plan's frequency, number of payments (1 to 3) and next payment date, with
 * the amount paid now when the customer pays part (null when only rescheduling).
 */
export const rescheduleFormSchema = (totalDue: number | null, today: IsoDate = londonToday()) =>
  z.object(
    {
      amount: totalDue === null ? z.null() : otherAmountField(totalDue),
      frequencyID: rescheduleSchema.shape.frequencyID,
      duration: rescheduleSchema.shape.duration,
      repayDate: rescheduleSchema.shape.repayDate.refine((d) => isInRescheduleWindow(d, today), {
        error: Msg.paymentDate,
      }),
    },
    { error: Msg.request },
  );
export type RescheduleForm = z.infer<ReturnType<typeof rescheduleFormSchema>>;

/**
 * Which card pays: the card on file, or a new one (checked by the provider from the browser); at the
 * schedule step also the CPA agreement, which must be ticked (spec section 5).
 */
export const paymentCardFormSchema = (withAgreement: boolean) =>
  z
    .object(
      {
        useExistingCard: z.boolean({ error: Msg.cardDetails }),
        card: creditCardSchema.nullable(),
        agreemant: withAgreement ? requiredTrue() : z.boolean().nullish(),
      },
      { error: Msg.request },
    )
    .superRefine((form, ctx) => {
      if (!form.useExistingCard && !form.card) {
        ctx.addIssue({ code: 'custom', path: ['card'], message: Msg.cardDetails });
      }
    });
export type PaymentCardForm = z.infer<ReturnType<typeof paymentCardFormSchema>>;

/** borrow/update-card: the card, and its billing address when it is not the home address (null). */
export const newCardFormSchema = z.object(
  { creditCard: creditCardSchema, address: billingAddressSchema.nullable() },
  { error: Msg.request },
);
export type NewCardForm = z.infer<typeof newCardFormSchema>;
