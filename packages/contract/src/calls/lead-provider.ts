import { z } from 'zod';
import { Msg } from '../rules/messages';
import { quoteRequestSchema } from './register';
import { billingAddressSchema, cardCheckShape, guidField, isoDateField } from './shared';

export const leadLandedSchema = z.object({
  name: z.string(),
  amount: z.number(),
  period: z.number(),
  wageFrequency: z.number(),
  repaymentDate: z.string(),
});

export const leadQuoteQuerySchema = z.object({
  guid: guidField,
  period: z.coerce.number().int().min(1).max(6),
  amount: z.coerce.number().int().min(1).max(1000),
  repaymentDate: isoDateField(Msg.nextPayDate),
  wageFrequencyID: z.coerce.number().int().min(1),
});

export const leadQuoteSchema = z.object({
  monthlyRepayment: z.number(),
  creditCharge: z.number(),
  totalToPay: z.number(),
  apr: z.number(),
});

export const submitLandedLeadSchema = quoteRequestSchema.extend({
  guid: guidField,
  ...cardCheckShape,
  address: billingAddressSchema.nullable(),
});

export const leadEventSchema = z.object({
  providerID: z.string().max(64),
  eventID: z.number().int().min(0).max(10_000),
  sessionID: z.string().max(100),
  data: z.string().max(4000).nullish(),
});

/** Client error report: unhandled errors in the browser are posted here. */
export const clientErrorSchema = z.object({
  url: z.string().max(2000),
  prevUrl: z.string().max(2000).nullish(),
  message: z.string().max(8000),
  userAgent: z.string().max(1000).nullish(),
});
