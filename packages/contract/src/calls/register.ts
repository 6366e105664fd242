import { z } from 'zod';
import {
  EXPENSE_LIMITS,
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
  REPEAT_LOAN_AMOUNTS,
} from '../constants';
import { isInRepaymentWindow, isIsoDate } from '../dates';
import { addressFields, addressSchema, checkAddress } from '../rules/address';
import { bankDetailsSchema } from '../rules/bank';
import { EXPENSE_KEYS } from '../expenses';
import { expenseField } from '../rules/expenses';
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
  guidField,
  isoDateField,
  poundsField,
  providerReference,
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

export const finDataSchema = z.object(
  {
    // Typed in pounds and pence (docs/decisions/035); the server keeps them as integer pence.
    ...(Object.fromEntries(EXPENSE_KEYS.map((k) => [k, expenseField(k)])) as {
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

/** Seconds until the server sends another code or link of a channel: 0 is now (decision 038). */
const secondsUntilNextSend = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'Seconds until the next send of this channel is allowed; 0: now.' });

export const esignSchema = z.object({
  contract1: z.string(),
  contract2: z.string(),
  contract3: z.string(),
  nextSendInSeconds: z
    .object({ sms: secondsUntilNextSend, email: secondsUntilNextSend })
    .meta({ description: 'How long the resend links wait, so a page opened just after a send counts down.' }),
});

/** A resend's answer: how long until the next one is allowed (the page counts down from it). */
export const resendWaitSchema = z.object({ nextSendInSeconds: secondsUntilNextSend });

/** A refused resend's `object` (HTTP 429): the same wait, and whether it is the cooldown or the day's cap. */
export const resendRefusedSchema = z.object({
  nextSendInSeconds: secondsUntilNextSend,
  reason: z.enum(['cooldown', 'daily']).meta({
    description: '`cooldown`: too soon after the last send; `daily`: the most sends of one day were made.',
  }),
});
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

/** A repeat loan's amount: one of the spec's options (section 9), the largest refused as too high. */
const repeatAmountField = z
  .number({ error: Msg.chooseAmount })
  .superRefine((amount, ctx) => {
    if (amount > Math.max(...REPEAT_LOAN_AMOUNTS)) {
      ctx.addIssue({ code: 'custom', message: Msg.amountTooHigh });
    } else if (!(REPEAT_LOAN_AMOUNTS as readonly number[]).includes(amount)) {
      ctx.addIssue({ code: 'custom', message: Msg.chooseAmount });
    }
  })
  .meta({ description: `Whole pounds, one of ${REPEAT_LOAN_AMOUNTS.join(', ')}.` });

/** The repeat-loan form's and call's fields other than the card: both check them alike. */
const repeatLoanFields = {
  amount: repeatAmountField,
  duration: instalmentsField.meta({ description: 'The number of monthly instalments, 1 to 6.' }),
  wageFrequencyID: wageFrequencyIdField(Msg.wageFrequency),
  repaymentDate: quoteRepaymentDateField,
  netPay: netMonthlyIncomeField,
  livedInAddressID: dictionaryIdField(Msg.livedThere, 'livedInAddress'),
  residentalStatusID: dictionaryIdField(Msg.homeStatus, 'residentalStatus'),
  maritalStatusID: dictionaryIdField(Msg.maritalStatus, 'maritalStatus').nullish().meta({
    description:
      "Not in the spec: stage 3's answer, prefilled by GetRepeatLoan; absent, the last application's is kept.",
  }),
  person: z
    .object(
      { mobile: mobileField, email: emailField(Msg.email), birthDate: isoDateField(Msg.dob).nullish() },
      { error: Msg.personalDetails },
    )
    .meta({
      description: "Shown read-only: the server uses the account's own mobile, e-mail and date of birth.",
    }),
  financialData: finDataSchema.meta({
    description: `At least ${MIN_EXPENSE_CATEGORIES} of the expense amounts above 0.`,
  }),
  bankDetails: bankDetailsSchema.nullable().meta({
    description: 'Null: the bank account the last loan was paid into (GetRepeatLoan bankOnFile).',
  }),
  employmentDetail: employmentDetailSchema,
  currentAddress: homeAddressSchema,
  previousAddress: previousAddressSchema.nullable().meta({
    description: `Required when livedInAddressID is ${MIN_LIVED_IN_ADDRESS} or less.`,
  }),
  useExistingCard: z.boolean({ error: Msg.cardDetails }).meta({
    description:
      'True: the card on file (GetRepeatLoan cardOnFile.usable). False: the new card in creditCard, checked by the provider (pKey, trxId).',
  }),
};

/** The cross-field rules of a repeat loan, for the form and the call alike. */
function checkRepeatLoan(
  v: {
    financialData?: unknown;
    livedInAddressID?: unknown;
    previousAddress?: unknown;
    useExistingCard?: unknown;
    creditCard?: unknown;
  },
  ctx: z.RefinementCtx,
) {
  const fin = typeof v.financialData === 'object' && v.financialData ? v.financialData : {};
  if (!hasEnoughExpenses(fin as Record<string, number>))
    ctx.addIssue({ code: 'custom', path: ['financialData'], message: Msg.expenses });
  if (
    typeof v.livedInAddressID === 'number' &&
    v.livedInAddressID <= MIN_LIVED_IN_ADDRESS &&
    !v.previousAddress
  ) {
    ctx.addIssue({ code: 'custom', path: ['previousAddress', 'postCode'], message: Msg.postCode });
  }
  if (v.useExistingCard === false && !v.creditCard) {
    ctx.addIssue({ code: 'custom', path: ['creditCard'], message: Msg.cardDetails });
  }
}

/**
 * The borrow/apply form as the browser checks it before the card goes to the provider (decision 014):
 * the whole card, number and security code included, when a new card is given.
 */
export const repeatLoanFormSchema = z
  .object(
    {
      ...repeatLoanFields,
      creditCard: z
        .object(
          { creditCard: creditCardSchema, address: billingAddressSchema.nullable() },
          { error: Msg.cardDetails },
        )
        .nullable(),
    },
    { error: Msg.request },
  )
  .superRefine(checkRepeatLoan, alwaysCheck);
export type RepeatLoanForm = z.output<typeof repeatLoanFormSchema>;

/**
 * Register/RepeatLoan (docs/decisions/027): the repeat-loan model of spec section 3, with the card as
 * SubmitStage2 takes it (decision 014: never its number or security code; the provider's key and
 * transaction instead), the card or bank account on file by choice, and an idempotency key.
 */
export const repeatLoanSchema = z
  .object(
    {
      ...repeatLoanFields,
      creditCard: z
        .object(
          { creditCard: cardSummarySchema, address: billingAddressSchema.nullable() },
          { error: Msg.cardDetails },
        )
        .nullable()
        .meta({ description: 'Required when useExistingCard is false: the new card, without its number.' }),
      pKey: providerReference.nullish().meta({
        description: "The provider's key for the new card: required when useExistingCard is false.",
      }),
      trxId: providerReference
        .nullish()
        .meta({ description: "The provider's transaction: required when useExistingCard is false." }),
      isSignature: z
        .boolean({ error: Msg.cardCheck })
        .nullish()
        .meta({ description: "Whether the provider's fingerprint page answered in time." }),
      idempotencyKey: z.uuid({ error: Msg.request }).nullish().meta({
        description:
          'Required here or as the Idempotency-Key header: a UUID the page makes per attempt; the same key again answers the first result and makes no second application.',
      }),
    },
    { error: Msg.request },
  )
  .superRefine((v, ctx) => {
    checkRepeatLoan(v, ctx);
    if (v.useExistingCard === false) {
      for (const key of ['pKey', 'trxId'] as const) {
        if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: Msg.cardCheck });
      }
    }
  }, alwaysCheck);
export type RepeatLoanPayload = z.input<typeof repeatLoanSchema>;

/** RepeatLoan's answer: the new application, or the bank's challenge to send the browser to first. */
export const repeatLoanResultSchema = appStatusSchema.extend({
  redirectUrl: z.string().nullable().meta({
    description:
      "The provider's challenge page for a new card: the browser returns to /borrow/apply with z2, z3 and trxId and sends the same request again, under the same idempotency key. Nothing is stored until then (appStatusID 0, appGuid null).",
  }),
});

const prefillAddress = z.object({
  autoAddress: z.boolean(),
  postCode: z.string(),
  county: z.string(),
  town: z.string(),
  street: z.string(),
  building: z.string(),
  houseNumber: z.string(),
  flatNo: z.string(),
  address: z.string(),
  country: z.string(),
});

/**
 * GetRepeatLoan: the spec's prefill (section 3) from the customer's account and last application, plus
 * what the page needs to offer the choices the server will accept (not in the spec): the card and the
 * bank account on file (never in full), the daily rate the live quote is priced at, and the business date
 * the repayment dates count from.
 */
export const repeatLoanPrefillSchema = z.object({
  netPay: z.number().nullable(),
  livedInAddressID: z.number().nullable(),
  residentalStatusID: z.number().nullable(),
  maritalStatusID: z.number().nullable(),
  wageFrequencyID: z.number().nullable(),
  person: z.object({ mobile: z.string(), email: z.string(), birthDate: z.string() }),
  financialData: z
    .object({
      ...(Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, z.number()])) as {
        [K in keyof typeof EXPENSE_LIMITS]: z.ZodNumber;
      }),
      loanPurposeID: z.number().nullable(),
    })
    .nullable(),
  employmentDetail: z
    .object({
      employmentTypeID: z.number(),
      employmentIndustryID: z.number(),
      employmentName: z.string(),
      employmentLength: z.number().nullable(),
    })
    .nullable(),
  currentAddress: prefillAddress,
  previousAddress: prefillAddress.nullable(),
  cardOnFile: z
    .object({
      last4: z.string(),
      endMonth: z.number().meta({ description: 'Zero-based, as the forms hold it.' }),
      endYear: z.number(),
      usable: z.boolean().meta({
        description: 'Not expired in the business date’s month, and its payment authority not cancelled.',
      }),
    })
    .nullable(),
  bankOnFile: z
    .object({ sortCode: z.string(), accountEnding: z.string().meta({ description: 'The last 4 digits.' }) })
    .nullable(),
  dailyRate: z
    .number()
    .meta({ description: 'The daily interest rate the loan is priced at (0.008 = 0.8%).' }),
  today: z.string().meta({ description: 'The business date (yyyy-MM-dd) the repayment dates count from.' }),
});
export type RepeatLoanPrefill = z.infer<typeof repeatLoanPrefillSchema>;

/**
 * Register/EsignLink (not in the spec, docs/decisions/020): a signed-in applicant's browser, handing over
 * to the signed-out e-sign page, gets the signing link's token of its own.
 */
export const esignLinkSchema = z.object({ appGuid: z.string(), signingToken: z.string() });
