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
} from '../constants';
import { isInRepaymentWindow, isIsoDate } from '../dates';
import { addressFieldsShape, checkAddress } from '../rules/address';
import { bankDetailsSchema } from '../rules/bank';
import {
  alwaysCheck,
  emailField,
  mobileField,
  requiredId,
  requiredText,
  requiredTrue,
} from '../rules/common';
import { Msg } from '../rules/messages';
import { isWageFrequencyId } from '../pricing/repayment-dates';
import {
  appStatusSchema,
  billingAddressSchema,
  cardCheckShape,
  guidField,
  isoDateField,
  poundsField,
} from './shared';

export const productIdField = z.union([z.literal(ProductId.shortTerm), z.literal(ProductId.longTerm)], {
  error: 'Please choose a loan type.',
});

/** Stage1 application payload (spec section 3), validated with the messages of section 5. */
export const stage1Schema = z
  .object({
    productId: productIdField,
    amount: poundsField(Msg.chooseAmount, Msg.amountTooHigh),
    duration: z
      .number({ error: Msg.instalment })
      .int({ error: Msg.instalment })
      .min(1, { error: Msg.instalment })
      .max(6, { error: Msg.instalment }),
    tierName: z.string().max(50).nullish(),
    source: z.string().max(100).nullish(),
    campaign: z.string().max(100).nullish(),
    titleId: requiredId(Msg.title),
    firstName: requiredText(Msg.firstName, 50),
    lastName: requiredText(Msg.surname, 50),
    dob: isoDateField(Msg.dob).refine((d) => Number(d.slice(0, 4)) >= FIRST_BIRTH_YEAR, { error: Msg.dob }),
    email: emailField(Msg.email),
    isResident: z.boolean(),
    ...addressFieldsShape,
    mobile: mobileField,
    monthlynetPay: z
      .number({ error: Msg.netIncomeRequired })
      .int({ error: Msg.netIncomeRequired })
      .min(MIN_NET_MONTHLY_INCOME, { error: Msg.netIncomeMin })
      .max(1_000_000, { error: Msg.netIncomeRequired }),
    numDependents: z.number().int().min(DEPENDANTS.min).max(DEPENDANTS.max).default(DEPENDANTS.default),
    // Only a wage frequency the pricing knows: the first screen prices the loan, and an unknown id made
    // it throw (a 500 on this public call).
    frequencyCategory: requiredId(Msg.wageFrequency).refine(isWageFrequencyId, { error: Msg.wageFrequency }),
    nextPayDate: isoDateField(Msg.nextPayDate),
    newsFromUs: z.boolean().default(false),
    confirmation: requiredTrue(),
  })
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
    // A date that is not a date already has its message; only a real date is checked against the window.
    if (
      typeof v.nextPayDate === 'string' &&
      isIsoDate(v.nextPayDate) &&
      !isInRepaymentWindow(v.nextPayDate, STAGE1_REPAYMENT_WINDOW)
    ) {
      ctx.addIssue({ code: 'custom', path: ['nextPayDate'], message: Msg.repaymentWindow });
    }
  }, alwaysCheck);
export type Stage1Payload = z.input<typeof stage1Schema>;

/** Quote inputs (CalculateQuote, AcceptQuote); the repayment-date window is checked by the server. */
export const quoteRequestSchema = z.object({
  period: z
    .number({ error: Msg.instalment })
    .int({ error: Msg.instalment })
    .min(1, { error: Msg.instalment })
    .max(6, { error: Msg.instalment }),
  amount: poundsField(Msg.amountRequired, Msg.amountTooHigh),
  repaymentDate: isoDateField(Msg.nextPayDate),
  wageFrequencyID: requiredId(Msg.dayOfRepayment),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** Quote result; money in pounds with two decimals, APR in percent with one decimal. */
export const quoteSchema = quoteRequestSchema.extend({
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

export const stage2Schema = z.object({
  ...cardCheckShape,
  address: billingAddressSchema.nullable(),
});

const expenseField = (max: number) => z.number().int().min(0).max(max);
export const finDataSchema = z.object({
  ...(Object.fromEntries(Object.entries(EXPENSE_LIMITS).map(([k, max]) => [k, expenseField(max)])) as {
    [K in keyof typeof EXPENSE_LIMITS]: ReturnType<typeof expenseField>;
  }),
  loanPurposeID: requiredId(Msg.loanReason),
});

export const hasEnoughExpenses = (fin: Record<string, number>) =>
  Object.keys(EXPENSE_LIMITS).filter((k) => {
    const amount = fin[k];
    return typeof amount === 'number' && amount > 0;
  }).length >= MIN_EXPENSE_CATEGORIES;

export const employmentDetailSchema = z
  .object({
    employmentTypeID: requiredId(Msg.employmentStatus),
    employmentIndustryID: requiredId(Msg.employmentIndustry),
    employmentName: requiredText(Msg.employerName, 100),
    employmentLength: z
      .number({ error: Msg.employmentLength })
      .int()
      .min(0, { error: Msg.employmentLength })
      .max(720)
      .nullish(),
  })
  .superRefine((e, ctx) => {
    if (
      typeof e.employmentTypeID === 'number' &&
      e.employmentTypeID < MAX_EMPLOYMENT_STATUS &&
      (e.employmentLength === null || e.employmentLength === undefined)
    ) {
      ctx.addIssue({ code: 'custom', path: ['employmentLength'], message: Msg.employmentLength });
    }
  }, alwaysCheck);

export const previousAddressSchema = z
  .object(addressFieldsShape)
  .superRefine((a, ctx) => checkAddress(a, ctx, 'home'), alwaysCheck);

export const stage3Schema = z
  .object({
    residentalStatusID: requiredId(Msg.homeStatus),
    liveInAddressID: requiredId(Msg.livedThere),
    maritalStatusID: requiredId(Msg.maritalStatus),
    employmentDetail: employmentDetailSchema,
    finData: finDataSchema,
    previousAddress: previousAddressSchema.nullable(),
    confirmation: requiredTrue().optional(),
  })
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

export const stage5Schema = z.object({
  smsCode: z
    .string({ error: Msg.smsCode })
    .trim()
    .min(1, { error: Msg.smsCode })
    .max(10, { error: Msg.smsCode }),
  termsAccepted: requiredTrue(),
  understodInfo: requiredTrue(),
  guid: guidField,
});

export const esignSchema = z.object({ contract1: z.string(), contract2: z.string(), contract3: z.string() });
export const guidQuerySchema = z.object({ guid: guidField });
export const emailVerificationQuerySchema = z.object({
  guid: guidField,
  verification: z.string().min(1).max(200),
});
export const verifiedSchema = z.object({ verified: z.boolean() });

export const repeatLoanSchema = z.object({
  amount: poundsField(Msg.amountRequired, Msg.amountTooHigh),
  duration: z.number({ error: Msg.instalment }).int().min(1).max(6),
  wageFrequencyID: requiredId(Msg.wageFrequency),
  repaymentDate: isoDateField(Msg.nextPayDate),
  netPay: z
    .number({ error: Msg.netIncomeRequired })
    .int()
    .min(MIN_NET_MONTHLY_INCOME, { error: Msg.netIncomeMin }),
  livedInAddressID: requiredId(Msg.livedThere),
  residentalStatusID: requiredId(Msg.homeStatus),
  person: z.object({ mobile: mobileField, email: emailField(Msg.email), birthDate: z.string().nullish() }),
  financialData: finDataSchema,
  bankDetails: bankDetailsSchema,
  creditCard: z.object({
    creditCard: stage2Schema.shape.creditCard,
    address: billingAddressSchema.nullable(),
  }),
  employmentDetail: employmentDetailSchema,
  currentAddress: previousAddressSchema,
  previousAddress: previousAddressSchema.nullable(),
  pKey: z.string().max(200).nullish(),
  trxId: z.string().max(200).nullish(),
  isSignature: z.boolean().nullish(),
});

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
