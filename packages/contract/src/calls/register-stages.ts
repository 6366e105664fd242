import { z } from 'zod';
import {
  EXPENSE_LIMITS,
  MIN_EXPENSE_CATEGORIES,
  MIN_LIVED_IN_ADDRESS,
  MAX_EMPLOYMENT_STATUS,
} from '../constants';
import { addressSchema } from '../rules/address';
import { bankDetailsSchema } from '../rules/bank';
import { EXPENSE_KEYS } from '../expenses';
import { expenseField } from '../rules/expenses';
import { cardSummarySchema, creditCardSchema } from '../rules/card';
import { alwaysCheck, NOT_BLANK, dictionaryIdField, requiredText, requiredTrue } from '../rules/common';
import { Msg } from '../rules/messages';
import { appStatusSchema, billingAddressSchema, guidField, providerReference } from './shared';

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

export const homeAddressSchema = addressSchema('home');
export const previousAddressSchema = addressSchema('home', Msg.previousAddress);

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
