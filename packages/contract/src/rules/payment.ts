import { z } from 'zod';
import { FORBEARANCE_MAX_PAYMENTS, RESCHEDULE_MAX_PAYMENTS } from '../constants';
import { incomeAndOutgoingsSchema, rescheduleSchema } from '../calls/my-account-area';
import { billingAddressSchema } from '../calls/shared';
import { londonToday, type IsoDate } from '../dates';
import { poundsToPence } from '../money';
import { partPaymentProblem, rescheduleDateProblem } from '../pricing/reschedule';
import { creditCardSchema } from './card';
import { requiredTrue } from './common';
import { Msg } from './messages';

/**
 * The payment wizard's and the new card's forms (spec sections 4 and 5, 'Payment and reschedule'): the
 * page checks with these, the server with the calls' own schemas and the same bounds
 * (pricing/reschedule.ts).
 */

/**
 * 'Other amount' against today's total due (pounds, as GetTotalDue answers it): 10% to 100% of it, or in
 * arrears (GetScheduleSummary's `planRules.forbearance`) any amount from £1, a reduced or token payment
 * (CONC 7.3.5), as the server takes it.
 */
export const otherAmountField = (totalDue: number, inArrears = false) => {
  const totalDuePence = poundsToPence(totalDue);
  return z.number({ error: Msg.paymentAmount }).superRefine((pounds, ctx) => {
    const problem = partPaymentProblem(poundsToPence(pounds), totalDuePence, inArrears);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
};

type RescheduleRules = {
  /** In arrears: the amount paid now may be a token payment from £1 (otherAmountField). */
  inArrears?: boolean;
  /** A blocked loan's plan paid by other means (issue 46 item 7): up to 12 payments, none by card. */
  byOtherMeans?: boolean;
  today?: IsoDate;
};

/**
 * The reschedule step: the new plan's frequency, number of payments (1 to 3, or 12 by other means) and first payment date (a
 * working day from tomorrow to the last day of the month after next), with the amount paid now when the
 * customer pays part (null when only rescheduling).
 */
export const rescheduleFormSchema = (
  totalDue: number | null,
  { inArrears = false, byOtherMeans = false, today = londonToday() }: RescheduleRules = {},
) =>
  z.object(
    {
      amount: totalDue === null ? z.null() : otherAmountField(totalDue, inArrears),
      frequencyID: rescheduleSchema.shape.frequencyID,
      // Plans collected by card: 1 to 3 payments; a blocked loan's plan paid by other means: up to 12.
      duration: rescheduleSchema.shape.duration.max(
        byOtherMeans ? FORBEARANCE_MAX_PAYMENTS : RESCHEDULE_MAX_PAYMENTS,
        { error: Msg.paymentDuration },
      ),
      repayDate: z.string({ error: Msg.paymentDate }).superRefine((date, ctx) => {
        const problem = rescheduleDateProblem(date, today);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    },
    { error: Msg.request },
  );
export type RescheduleForm = z.infer<ReturnType<typeof rescheduleFormSchema>>;

type PayStepRules = {
  /** The schedule step: the CPA agreement must be ticked (spec section 5). */
  agreement: boolean;
  /** A plan that extends the loan (a refinance, issue 46): the information sheet and the income check. */
  refinance: boolean;
  /** A plan paid by other means (issue 46 item 7): the income check, without the refinance's sheet. */
  incomeCheck?: boolean;
};

/**
 * The step that pays or accepts a plan: which card pays (the card on file, or a new one checked by the
 * provider from the browser), and the tick boxes the step asks for.
 */
export const paymentCardFormSchema = ({ agreement, refinance, incomeCheck = false }: PayStepRules) =>
  z
    .object(
      {
        useExistingCard: z.boolean({ error: Msg.cardDetails }),
        card: creditCardSchema.nullable(),
        agreemant: agreement ? requiredTrue() : z.boolean().nullish(),
        informationSheetSeen: refinance ? requiredTrue(Msg.informationSheetSeen) : z.boolean().nullish(),
        // Issue 46: the income and expenditure check, not a tick box; the server checks the plan fits it.
        incomeAndOutgoings:
          refinance || incomeCheck ? incomeAndOutgoingsSchema : incomeAndOutgoingsSchema.nullish(),
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
