import { z } from 'zod';
import {
  FIRST_BIRTH_YEAR,
  MIN_NET_MONTHLY_INCOME,
  ProductId,
  STAGE1_REPAYMENT_WINDOW,
  DEPENDANTS,
  instalmentsFor,
  LEAD_AND_REPEAT_INSTALMENTS,
  MIN_AGE,
} from '../constants';
import { isInRepaymentWindow, isIsoDate } from '../dates';
import { addressFields, checkAddress } from '../rules/address';
import {
  alwaysCheck,
  emailField,
  mobileField,
  optionalText,
  dictionaryIdField,
  personName,
  requiredTrue,
} from '../rules/common';
import { Msg } from '../rules/messages';
import {
  appStatusSchema,
  isoDateField,
  poundsField,
  quoteRepaymentDateField,
  wageFrequencyIdField,
} from './shared';

export const productIdField = z.literal([ProductId.shortTerm, ProductId.longTerm], { error: Msg.loanType });

/** Number of monthly instalments, 1 to 6 on every call (stage1 narrows it by product). */
export const instalmentsField = z
  .number({ error: Msg.instalment })
  .int({ error: Msg.instalment })
  .min(Math.min(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment })
  .max(Math.max(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment });

export const netMonthlyIncomeField = z
  .number({ error: Msg.netIncomeRequired })
  .int({ error: Msg.netIncomeRequired })
  .min(MIN_NET_MONTHLY_INCOME, { error: Msg.netIncomeMin })
  .max(1_000_000, { error: Msg.netIncomeRequired })
  .meta({ description: 'Whole pounds a month.' });

/** A year of four digits, `year` or later: `^(?:194[5-9]|19[5-9]\d|[2-9]\d\d\d)-` for 1945. */
function yearFrom(year: number): RegExp {
  const digits = String(year);
  const options: string[] = [];
  for (let i = digits.length - 1; i >= 0; i--) {
    const lowest = Number(digits[i]) + (i === digits.length - 1 ? 0 : 1);
    if (lowest <= 9) options.push(`${digits.slice(0, i)}[${lowest}-9]${'\\d'.repeat(digits.length - 1 - i)}`);
  }
  return new RegExp(`^(?:${options.join('|')})-`);
}

const birthDateField = isoDateField(Msg.dob)
  .regex(yearFrom(FIRST_BIRTH_YEAR), { error: Msg.dob })
  // A second pattern makes zod leave out `format: date`; the document keeps it.
  .meta({
    format: 'date',
    description: `In ${FIRST_BIRTH_YEAR} or later. An applicant under ${MIN_AGE} is declined, not refused.`,
  });

const trackingField = (max: number) => optionalText(Msg.tracking, max);

/**
 * The applicant as stage1 names them (spec section 3): the person, their home, income and pay. Shared by
 * stage1 and a partner's lead (issue 29), so both are held to the same rules and messages.
 */
export const applicantFields = {
  titleId: dictionaryIdField(Msg.title, 'titles'),
  firstName: personName(Msg.firstName, 50),
  lastName: personName(Msg.surname, 50),
  dob: birthDateField,
  email: emailField(Msg.email),
  isResident: z.boolean({ error: Msg.resident }),
  ...addressFields('home'),
  mobile: mobileField,
  monthlynetPay: netMonthlyIncomeField,
  numDependents: z
    .number({ error: Msg.dependants })
    .int({ error: Msg.dependants })
    .min(DEPENDANTS.min, { error: Msg.dependants })
    .max(DEPENDANTS.max, { error: Msg.dependants })
    .default(DEPENDANTS.default),
  // Only a wage frequency the pricing knows: the first screen prices the loan, and an unknown id made
  // it throw (a 500 on this public call).
  frequencyCategory: wageFrequencyIdField(Msg.wageFrequency),
  nextPayDate: isoDateField(Msg.nextPayDate)
    // A value that is not a date already has its message.
    .refine((d) => !isIsoDate(d) || isInRepaymentWindow(d, STAGE1_REPAYMENT_WINDOW), {
      error: Msg.repaymentWindow,
    })
    .meta({
      description:
        `A weekday ${STAGE1_REPAYMENT_WINDOW.minDays} to ${STAGE1_REPAYMENT_WINDOW.maxDays} days ` +
        'after today in the Europe/London calendar.',
    }),
};

/** Stage1 application payload (spec section 3), validated with the messages of section 5. */
export const stage1Schema = z
  .object(
    {
      productId: productIdField,
      amount: poundsField(Msg.chooseAmount, Msg.amountTooHigh),
      duration: instalmentsField.meta({
        description: `1 for productId ${ProductId.shortTerm}; 2 to 6 for productId ${ProductId.longTerm}.`,
      }),
      tierName: trackingField(50),
      source: trackingField(100),
      campaign: trackingField(100),
      ...applicantFields,
      newsFromUs: z.boolean({ error: Msg.newsFromUs }).default(false),
      confirmation: requiredTrue(),
    },
    { error: Msg.request },
  )
  .superRefine((v, ctx) => {
    checkAddress(v, ctx, 'home');
    // Cross-field rules also run when a field failed (alwaysCheck), so they may meet any JSON: a number is
    // compared only once it is one ({"toString": 1} throws in `<`, `String()` and template literals).
    if (
      typeof v.duration === 'number' &&
      (v.productId === ProductId.shortTerm || v.productId === ProductId.longTerm) &&
      !instalmentsFor(v.productId).includes(v.duration)
    ) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: Msg.instalment });
    }
  }, alwaysCheck);
export type Stage1Payload = z.input<typeof stage1Schema>;

/** Quote inputs (CalculateQuote, AcceptQuote, the lead page): every rule the server applies to them. */
export const quoteRequestSchema = z.object(
  {
    period: instalmentsField,
    amount: poundsField(Msg.amountRequired, Msg.amountTooHigh),
    repaymentDate: quoteRepaymentDateField,
    wageFrequencyID: wageFrequencyIdField(Msg.dayOfRepayment),
  },
  { error: Msg.request },
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/**
 * Quote result; money in pounds with two decimals, APR in percent with one decimal. Its inputs are
 * plain here: a stored quote is shown even once its date has left the window a new one must be in.
 */
export const quoteSchema = z.object({
  period: z.number().int(),
  amount: z.number(),
  repaymentDate: z.string(),
  wageFrequencyID: z.number().int(),
  wageFrequency: z.string(),
  repayOver: z.string(),
  paymetOf: z.number(),
  totalInterest: z.number(),
  totalRepayment: z.number(),
  apr: z.number(),
  borrow: z.number(),
  schedule: z.array(z.object({ paymentDate: z.string(), amount: z.number() })),
});
export type Quote = z.infer<typeof quoteSchema>;

export const applicationStatusSchema = appStatusSchema.extend({
  isEnd: z.boolean(),
  netMonthlyIncome: z
    .number()
    .nullable()
    .meta({
      description:
        'Not in the spec: the net monthly income given at stage 1, in pounds (null without an application), ' +
        "so stage 3 can show what is left after the applicant's expenses (docs/decisions/035).",
    }),
});
