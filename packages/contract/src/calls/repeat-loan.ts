import { z } from 'zod';
import {
  EXPENSE_LIMITS,
  MIN_EXPENSE_CATEGORIES,
  MIN_LIVED_IN_ADDRESS,
  REPEAT_LOAN_AMOUNTS,
} from '../constants';
import { bankDetailsSchema } from '../rules/bank';
import { cardSummarySchema, creditCardSchema } from '../rules/card';
import { alwaysCheck, emailField, mobileField, dictionaryIdField } from '../rules/common';
import { Msg } from '../rules/messages';
import {
  appStatusSchema,
  billingAddressSchema,
  isoDateField,
  providerReference,
  quoteRepaymentDateField,
  wageFrequencyIdField,
} from './shared';
import { instalmentsField, netMonthlyIncomeField } from './register';
import {
  employmentDetailSchema,
  finDataSchema,
  hasEnoughExpenses,
  homeAddressSchema,
  previousAddressSchema,
} from './register-stages';

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
