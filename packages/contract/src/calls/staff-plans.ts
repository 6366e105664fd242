import { z } from 'zod';
import { isIsoDate } from '../dates';
import { TOKEN_PAYMENT_MIN_PENCE } from '../pricing/reschedule';
import { Msg } from '../rules/messages';

/*
 * A plan agreed from the console with a customer in arrears who cannot pay by card (issue 48 item 5,
 * docs/decisions/069-staff-plans-forbearance.md): reduced or token payments over months, or a pause of
 * collections while the customer gets debt advice, with the income and expenditure statement it rests on.
 */

export { PLAN_PAUSE_MAX_DAYS } from '../constants';
/** The most months a plan of reduced payments runs before it is reviewed (as a customer's, FORBEARANCE_MAX_PAYMENTS). */
export const PLAN_MAX_MONTHS = 12;
/** A token payment: allowed whatever the surplus, even nil (CONC 7.3.5G's token payments). */
export const TOKEN_PAYMENT_PENCE = TOKEN_PAYMENT_MIN_PENCE;

const loanIdField = z.number({ error: Msg.staffLoan }).int({ error: Msg.staffLoan }).positive(Msg.staffLoan);
const monthlyPence = z
  .number({ error: Msg.staffPlanIncome })
  .int({ error: Msg.staffPlanIncome })
  .min(0, { error: Msg.staffPlanIncome })
  .max(10_000_000, { error: Msg.staffPlanIncome });

/** The customer's income and expenditure, a month, in pence (the stage 3 figures as a start). */
export const incomeAndExpenditureSchema = z.object(
  {
    monthlyIncomePence: monthlyPence,
    housingPence: monthlyPence,
    billsPence: monthlyPence,
    creditPence: monthlyPence,
    livingPence: monthlyPence,
    otherPence: monthlyPence,
  },
  { error: Msg.staffPlanIncome },
);

/** Loans/AgreePlan. */
export const agreePlanBodySchema = z.object(
  {
    loanId: loanIdField,
    kind: z.enum(['payments', 'pause'], { error: Msg.staffPlanKind }),
    /** payments: the amount each month, in pence. */
    paymentPence: z
      .number({ error: Msg.staffPlanPayment })
      .int({ error: Msg.staffPlanPayment })
      .positive({ error: Msg.staffPlanPayment })
      .optional(),
    /** payments: how many months (1 to PLAN_MAX_MONTHS). */
    months: z
      .number({ error: Msg.staffPlanMonths })
      .int({ error: Msg.staffPlanMonths })
      .min(1, { error: Msg.staffPlanMonths })
      .max(PLAN_MAX_MONTHS, { error: Msg.staffPlanMonths })
      .optional(),
    /** payments: the first payment's date, yyyy-MM-dd. */
    firstDate: z
      .string({ error: Msg.staffPlanFirstDate })
      .trim()
      .min(10, { error: Msg.staffPlanFirstDate })
      .refine(isIsoDate, { error: Msg.staffPlanFirstDate })
      .optional(),
    /** pause: how many days (1 to PLAN_PAUSE_MAX_DAYS). */
    pauseDays: z.number({ error: Msg.staffPlanPause }).int({ error: Msg.staffPlanPause }).optional(),
    income: incomeAndExpenditureSchema,
    reason: z
      .string({ error: Msg.staffPlanReason })
      .trim()
      .min(5, Msg.staffPlanReason)
      .max(500, Msg.staffPlanReason),
  },
  { error: Msg.request },
);

const lineSchema = z.object({ date: z.string(), paymentPence: z.number().int() });

const planSchema = z.object({
  version: z.number().int(),
  kind: z.enum(['payments', 'pause']),
  agreedOn: z.string(),
  /** The last day of a pause; null for payments. */
  pauseUntil: z.string().nullable(),
  lines: z.array(lineSchema),
  totalPence: z.number().int(),
  /** Income less outgoings, a month, as recorded with the plan. */
  surplusPence: z.number().int(),
  income: incomeAndExpenditureSchema,
});
export const planAgreedSchema = planSchema;

/** Loans/PlanFigures: what a plan starts from. */
export const planFiguresSchema = z.object({
  arrearsPence: z.number().int(),
  balancePence: z.number().int(),
  blocked: z.boolean(),
  /** The customer's stage 3 figures (or zeros), to be edited with the customer. */
  income: incomeAndExpenditureSchema,
  /** The plan without a card standing now, if any. */
  plan: planSchema.nullable(),
});
