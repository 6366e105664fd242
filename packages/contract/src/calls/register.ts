import { z } from 'zod';
import {
  EXPENSE_LIMITS,
  EXPENSE_STEP,
  FIRST_BIRTH_YEAR,
  MIN_EXPENSE_CATEGORIES,
  MIN_LIVED_IN_ADDRESS,
  MAX_EMPLOYMENT_STATUS,
  MIN_NET_MONTHLY_INCOME,
  ProductId,
  STAGE1_REPAYMENT_WINDOW,
  DEPENDANTS,
  instalmentsFor,
  LEAD_AND_REPEAT_INSTALMENTS,
  MIN_AGE,
} from '../constants';
import { isInRepaymentWindow, isIsoDate } from '../dates';
import { addressFields, addressSchema, checkAddress } from '../rules/address';
import { bankDetailsSchema } from '../rules/bank';
import { cardSummarySchema, creditCardSchema } from '../rules/card';
import {
  alwaysCheck,
  emailField,
  mobileField,
  NOT_BLANK,
  optionalText,
  dictionaryIdField,
  personName,
  requiredText,
  requiredTrue,
} from '../rules/common';
import { Msg } from '../rules/messages';
import {
  appStatusSchema,
  billingAddressSchema,
  cardCheckResultShape,
  guidField,
  isoDateField,
  poundsField,
  providerReference,
  quoteRepaymentDateField,
  wageFrequencyIdField,
} from './shared';

export const productIdField = z.literal([ProductId.shortTerm, ProductId.longTerm], { error: Msg.loanType });

/** Number of monthly instalments, 1 to 6 on every call (stage1 narrows it by product). */
const instalmentsField = z
  .number({ error: Msg.instalment })
  .int({ error: Msg.instalment })
  .min(Math.min(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment })
  .max(Math.max(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment });

const netMonthlyIncomeField = z
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

export const applicationStatusSchema = appStatusSchema.extend({ isEnd: z.boolean() });

/** What the stage 2 form checks in the browser before the card goes to the provider. */
export const stage2FormSchema = z.object(
  { creditCard: creditCardSchema, address: billingAddressSchema.nullable() },
  { error: Msg.request },
);
export type Stage2Form = z.infer<typeof stage2FormSchema>;

/**
 * SubmitStage2 (docs/decisions/014): the card provider already holds the card; the API gets its key and
 * transaction id to confirm, and the card without its number and security code.
 */
export const stage2Schema = z.object(
  {
    creditCard: cardSummarySchema,
    address: billingAddressSchema.nullable(),
    pKey: providerReference,
    trxId: providerReference,
    isSignature: z
      .boolean({ error: Msg.cardCheck })
      .meta({ description: "Whether the provider's fingerprint page answered in time." }),
  },
  { error: Msg.request },
);
export type Stage2Payload = z.input<typeof stage2Schema>;

/** A card that needs the bank's challenge answers with where to send the browser. */
export const stage2ResultSchema = appStatusSchema.extend({
  redirectUrl: z.string().nullable().meta({
    description: "The provider's challenge page; the browser returns to /loan/stage2 with z2 and z3.",
  }),
});

const expenseField = (max: number) =>
  z
    .number({ error: Msg.expense(max) })
    .int({ error: Msg.expense(max) })
    .min(0, { error: Msg.expense(max) })
    .max(max, { error: Msg.expense(max) })
    // The sliders move in steps of 10 (spec section 9); the server takes what they can give.
    .multipleOf(EXPENSE_STEP, { error: Msg.expense(max) });
export const finDataSchema = z.object(
  {
    ...(Object.fromEntries(Object.entries(EXPENSE_LIMITS).map(([k, max]) => [k, expenseField(max)])) as {
      [K in keyof typeof EXPENSE_LIMITS]: ReturnType<typeof expenseField>;
    }),
    loanPurposeID: dictionaryIdField(Msg.loanReason, 'loanReason'),
  },
  { error: Msg.expensesMissing },
);

export const hasEnoughExpenses = (fin: Record<string, number>) =>
  Object.keys(EXPENSE_LIMITS).filter((k) => {
    const amount = fin[k];
    return typeof amount === 'number' && amount > 0;
  }).length >= MIN_EXPENSE_CATEGORIES;

/** Employment length in months; sixty years is more than any working life. */
const EMPLOYMENT_LENGTH_MAX = 720;

export const employmentDetailSchema = z
  .object(
    {
      employmentTypeID: dictionaryIdField(Msg.employmentStatus, 'employmentStatus'),
      employmentIndustryID: dictionaryIdField(Msg.employmentIndustry, 'employmentIndustry'),
      employmentName: requiredText(Msg.employerName, 100),
      employmentLength: z
        .number({ error: Msg.employmentLength })
        .int({ error: Msg.employmentLength })
        .min(0, { error: Msg.employmentLength })
        .max(EMPLOYMENT_LENGTH_MAX, { error: Msg.employmentLength })
        .nullish()
        .meta({ description: `Months. Required when employmentTypeID is below ${MAX_EMPLOYMENT_STATUS}.` }),
    },
    { error: Msg.employmentDetails },
  )
  .superRefine((e, ctx) => {
    if (
      typeof e.employmentTypeID === 'number' &&
      e.employmentTypeID < MAX_EMPLOYMENT_STATUS &&
      (e.employmentLength === null || e.employmentLength === undefined)
    ) {
      ctx.addIssue({ code: 'custom', path: ['employmentLength'], message: Msg.employmentLength });
    }
  }, alwaysCheck);

const homeAddressSchema = addressSchema('home');
const previousAddressSchema = addressSchema('home', Msg.previousAddress);

export const stage3Schema = z
  .object(
    {
      residentalStatusID: dictionaryIdField(Msg.homeStatus, 'residentalStatus'),
      liveInAddressID: dictionaryIdField(Msg.livedThere, 'livedInAddress'),
      maritalStatusID: dictionaryIdField(Msg.maritalStatus, 'maritalStatus'),
      employmentDetail: employmentDetailSchema,
      finData: finDataSchema.meta({
        description: `At least ${MIN_EXPENSE_CATEGORIES} of the expense amounts above 0.`,
      }),
      previousAddress: previousAddressSchema.nullable().meta({
        description: `Required when liveInAddressID is ${MIN_LIVED_IN_ADDRESS} or less.`,
      }),
      confirmation: requiredTrue().optional(),
    },
    { error: Msg.request },
  )
  .superRefine((v, ctx) => {
    if (!hasEnoughExpenses(typeof v.finData === 'object' && v.finData ? v.finData : {}))
      ctx.addIssue({ code: 'custom', path: ['finData'], message: Msg.expenses });
    if (
      typeof v.liveInAddressID === 'number' &&
      v.liveInAddressID <= MIN_LIVED_IN_ADDRESS &&
      !v.previousAddress
    ) {
      ctx.addIssue({ code: 'custom', path: ['previousAddress', 'postCode'], message: Msg.postCode });
    }
  }, alwaysCheck);

export const stage4Schema = bankDetailsSchema;

export const stage5Schema = z.object(
  {
    smsCode: z
      .string({ error: Msg.smsCode })
      .trim()
      .regex(NOT_BLANK, { error: Msg.smsCode })
      .max(10, { error: Msg.smsCode }),
    termsAccepted: requiredTrue(),
    understodInfo: requiredTrue(),
    guid: guidField,
  },
  { error: Msg.request },
);

export const esignSchema = z.object({ contract1: z.string(), contract2: z.string(), contract3: z.string() });
export const guidQuerySchema = z.object({ guid: guidField }, { error: Msg.invalidLink });
export const emailVerificationQuerySchema = z.object(
  {
    guid: guidField,
    verification: z
      .string({ error: Msg.invalidLink })
      .min(1, { error: Msg.invalidLink })
      .max(200, { error: Msg.invalidLink }),
  },
  { error: Msg.invalidLink },
);
export const verifiedSchema = z.object({ verified: z.boolean() });

export const repeatLoanSchema = z.object(
  {
    amount: poundsField(Msg.amountRequired, Msg.amountTooHigh),
    duration: instalmentsField,
    wageFrequencyID: wageFrequencyIdField(Msg.wageFrequency),
    repaymentDate: quoteRepaymentDateField,
    netPay: netMonthlyIncomeField,
    livedInAddressID: dictionaryIdField(Msg.livedThere, 'livedInAddress'),
    residentalStatusID: dictionaryIdField(Msg.homeStatus, 'residentalStatus'),
    person: z.object(
      { mobile: mobileField, email: emailField(Msg.email), birthDate: isoDateField(Msg.dob).nullish() },
      { error: Msg.personalDetails },
    ),
    financialData: finDataSchema,
    bankDetails: bankDetailsSchema,
    creditCard: z.object(
      { creditCard: creditCardSchema, address: billingAddressSchema.nullable() },
      { error: Msg.cardDetails },
    ),
    employmentDetail: employmentDetailSchema,
    currentAddress: homeAddressSchema,
    previousAddress: previousAddressSchema.nullable(),
    ...cardCheckResultShape,
  },
  { error: Msg.request },
);

export const repeatLoanPrefillSchema = z.object({
  netPay: z.number(),
  livedInAddressID: z.number(),
  residentalStatusID: z.number(),
  wageFrequencyID: z.number(),
  person: z.object({ mobile: z.string(), email: z.string(), birthDate: z.string() }),
  financialData: z.record(z.string(), z.number()),
  employmentDetail: z.record(z.string(), z.unknown()),
  currentAddress: z.record(z.string(), z.unknown()),
  previousAddress: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Register/EsignLink (not in the spec, docs/decisions/020): a signed-in applicant's browser, handing over
 * to the signed-out e-sign page, gets the signing link's token of its own.
 */
export const esignLinkSchema = z.object({ appGuid: z.string(), signingToken: z.string() });
