import { z } from 'zod';
import { RESCHEDULE_MAX_PAYMENTS } from '../constants';
import { Msg } from '../rules/messages';
import { billingAddressSchema, cardCheckResultShape, cardCheckShape, isoDateField } from './shared';
import { requiredId } from '../rules/common';
import { creditCardSchema } from '../rules/card';

const sobRow = z.object({ date: z.string(), description: z.string(), amount: z.number() });

export const borrowingSummarySchema = z.object({
  loanStatus: z.string(),
  loanStatusMessage: z.string(),
  appStatusID: z.number(),
  appGuid: z.string().nullable(),
  lastFundedAppID: z.number(),
  canRepeat: z.boolean(),
  sobRep1: z.array(sobRow),
  sobRep2: z.array(sobRow),
  sobRep3: z.array(
    z.object({
      cnt: z.number(),
      amount: z.number(),
      contractInterest: z.number(),
      actualInterest: z.number(),
      defaultInterest: z.number(),
      charge: z.number(),
      borrowingCost: z.number(),
    }),
  ),
  sobRep4: z.array(
    z.object({
      appID: z.number(),
      fundedDate: z.string(),
      approvedPeriod: z.number(),
      days: z.number(),
      loanType: z.string(),
      amount: z.number(),
      contractInterest: z.number(),
      actualInterest: z.number(),
      defaultInterest: z.number(),
      charge: z.number(),
      borrowingCost: z.number(),
      totalDue: z.number(),
    }),
  ),
});

export const scheduleSummarySchema = z.object({
  settledDate: z.string().nullable(),
  fundedDate: z.string().nullable(),
  approvedDate: z.string().nullable(),
  approvedAmount: z.number(),
  appID: z.number(),
  totalDue: z.number(),
  appStatus: z.string(),
  blocked: z.boolean(),
  schedule: z.array(
    z.object({
      paymentDate: z.string(),
      principal: z.number(),
      interest: z.number(),
      pmt: z.number(),
      isPayed: z.boolean(),
    }),
  ),
  transactions: z.array(
    z.object({
      createDate: z.string(),
      transactionType: z.string(),
      creditAmount: z.number(),
      debitAmount: z.number(),
    }),
  ),
});

export const addCreditCardSchema = z.object(
  { ...cardCheckShape, address: billingAddressSchema.nullish() },
  { error: Msg.request },
);

/** The most a single card payment or reschedule may name, in pounds. */
const PAYMENT_MAX = 100_000;

export const cardPaymentSchema = z.object(
  {
    amount: z
      .number({ error: Msg.paymentAmount })
      .positive({ error: Msg.paymentAmount })
      .max(PAYMENT_MAX, { error: Msg.amountTooHigh })
      .meta({ description: 'Pounds; at least 10% of the total due and at most the total due.' }),
    card: creditCardSchema.nullish(),
    ...cardCheckResultShape,
  },
  { error: Msg.request },
);

export const rescheduleSchema = z.object(
  {
    frequencyID: requiredId(Msg.paymentFrequency),
    duration: z
      .number({ error: Msg.paymentDuration })
      .int({ error: Msg.paymentDuration })
      .min(1, { error: Msg.paymentDuration })
      .max(RESCHEDULE_MAX_PAYMENTS, { error: Msg.paymentDuration }),
    repayDate: isoDateField(Msg.paymentDate),
    amount: z
      .number({ error: Msg.rescheduleAmount })
      .min(0, { error: Msg.rescheduleAmount })
      .max(PAYMENT_MAX, { error: Msg.amountTooHigh })
      .nullish(),
  },
  { error: Msg.request },
);

export const calculatedRowsSchema = z.array(z.object({ paymentDate: z.string(), amount: z.number() }));
export const totalDueSchema = z.number();
export const sobLinkSchema = z.object({
  url: z.string().meta({ description: 'DownloadSOB with a single-use token, good for a few minutes.' }),
});
export const downloadSobQuerySchema = z.object(
  {
    token: z
      .string({ error: Msg.invalidLink })
      .min(1, { error: Msg.invalidLink })
      .max(2000, { error: Msg.invalidLink }),
  },
  { error: Msg.invalidLink },
);

export type BorrowingSummary = z.infer<typeof borrowingSummarySchema>;
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;
