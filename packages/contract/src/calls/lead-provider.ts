import { z } from 'zod';
import { LEAD_AND_REPEAT_INSTALMENTS, MAX_AMOUNT, MIN_AMOUNT } from '../constants';
import { isWageFrequencyId } from '../pricing/repayment-dates';
import { cardSummarySchema, creditCardSchema } from '../rules/card';
import { LeadEvent } from '../lead-events';
import { Msg } from '../rules/messages';
import { quoteRequestSchema } from './register';
import {
  appStatusSchema,
  guidField,
  leadBillingAddressSchema,
  providerReference,
  quoteRepaymentDateField,
  WAGE_FREQUENCY_ID_RANGE,
} from './shared';

/**
 * The cookie that binds a lead's landing to the browser that opened it (HttpOnly, SameSite=Lax, a session
 * cookie for the path /api/LeadProvider): the link works once per browser session.
 */
export const LANDING_COOKIE = 'lead_landing';

export const leadLandedSchema = z.object({
  name: z.string(),
  amount: z.number(),
  period: z.number(),
  wageFrequency: z.number(),
  repaymentDate: z.string(),
  identityConfirmed: z.boolean().meta({
    description:
      'Whether this browser has proved it is the applicant (VerifyLandingCode). Until then the page shows only the first name and asks for the code; the submit is refused (267).',
  }),
});
export type LeadLanded = z.infer<typeof leadLandedSchema>;

/** A whole number sent as query text. */
const queryInteger = (message: string) => z.coerce.number({ error: message }).int({ error: message });

/** The lead page's quote, asked in the query: the same rules as a quote's body. */
export const leadQuoteQuerySchema = z.object(
  {
    guid: guidField,
    period: queryInteger(Msg.instalment)
      .min(Math.min(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment })
      .max(Math.max(...LEAD_AND_REPEAT_INSTALMENTS), { error: Msg.instalment }),
    amount: queryInteger(Msg.amountRequired)
      .min(MIN_AMOUNT, { error: Msg.amountRequired })
      .max(MAX_AMOUNT, { error: Msg.amountTooHigh }),
    repaymentDate: quoteRepaymentDateField,
    wageFrequencyID: queryInteger(Msg.dayOfRepayment)
      .min(WAGE_FREQUENCY_ID_RANGE.min, { error: Msg.dayOfRepayment })
      .max(WAGE_FREQUENCY_ID_RANGE.max, { error: Msg.dayOfRepayment })
      .refine((id): boolean => isWageFrequencyId(id), { error: Msg.dayOfRepayment }),
  },
  { error: Msg.invalidLink },
);

export const leadQuoteSchema = z.object({
  monthlyRepayment: z.number(),
  creditCharge: z.number(),
  totalToPay: z.number(),
  apr: z.number(),
});

/**
 * The landed quote as the visitor chose it and the card as stage 2 sends it: the number and the security
 * code go from the browser to the card provider only (docs/decisions/014), so a body carrying either is
 * refused; the server confirms `pKey` and `trxId` with the provider.
 */
/** What the lead page's form checks in the browser before the card goes to the provider. */
export const leadOfferFormSchema = quoteRequestSchema.extend({
  guid: guidField,
  creditCard: creditCardSchema,
  address: leadBillingAddressSchema.nullable(),
});

export const submitLandedLeadSchema = quoteRequestSchema.extend({
  guid: guidField,
  creditCard: cardSummarySchema,
  address: leadBillingAddressSchema.nullable(),
  pKey: providerReference,
  trxId: providerReference,
  isSignature: z
    .boolean({ error: Msg.cardCheck })
    .meta({ description: "Whether the provider's fingerprint page answered in time." }),
});

/**
 * SubmitLandedLead's answer (the spec shows only the envelope; docs/decisions/030). Where the visitor goes
 * next follows the resume map: esignSent comes with a signing link of this browser's own (as
 * Register/EsignLink gives) and no session; a lead without its stage 3 answers (cardAccepted) or its bank
 * details (leadLanded) comes with an applicant session for those stages, as stage1 gives one.
 */
export const submitLandedLeadResultSchema = appStatusSchema.extend({
  redirectUrl: z.string().nullable().meta({
    description: "The provider's challenge page; the browser returns to the landing page with z2 and z3.",
  }),
  signingToken: z.string().nullable(),
  token: z.string().nullable(),
  refreshToken: z.string().nullable(),
});
export type SubmitLandedLeadResult = z.infer<typeof submitLandedLeadResultSchema>;

/**
 * LeadProvider/SendLandingCode (issue 45, ours): a one-time code to the lead's own mobile (`sms`) or
 * e-mail, the only proof a holder of the landing link is the applicant.
 */
export const sendLandingCodeSchema = z.object(
  {
    guid: guidField,
    via: z.enum(['sms', 'email'], { error: Msg.landingCodeVia }),
  },
  { error: Msg.invalidLink },
);

/** LeadProvider/VerifyLandingCode (issue 45, ours): the code, entered on the landing page. */
export const verifyLandingCodeSchema = z.object(
  {
    guid: guidField,
    code: z
      .string({ error: Msg.landingCode })
      .trim()
      .regex(/^\d{6}$/, { error: Msg.landingCode }),
  },
  { error: Msg.invalidLink },
);
export type VerifyLandingCode = z.infer<typeof verifyLandingCodeSchema>;

const LEAD_EVENT_IDS = Object.values(LeadEvent);

export const leadEventSchema = z.object(
  {
    providerID: z.string({ error: Msg.leadEvent }).max(64, { error: Msg.leadEvent }),
    eventID: z.literal(LEAD_EVENT_IDS, { error: Msg.leadEvent }),
    sessionID: z
      .string({ error: Msg.leadEvent })
      .min(1, { error: Msg.leadEvent })
      .max(100, { error: Msg.leadEvent }),
    data: z.string({ error: Msg.leadEvent }).max(4000, { error: Msg.leadEvent }).nullish(),
  },
  { error: Msg.leadEvent },
);

/**
 * Client error report: unhandled errors in the browser are posted here. Its text is a stack trace and
 * whatever the page held, never shown to a person, so it keeps the characters a name may not have.
 */
const reportText = (max: number) => z.string({ error: Msg.errorReport }).max(max, { error: Msg.errorReport });
export const clientErrorSchema = z.object(
  {
    url: reportText(2000),
    prevUrl: reportText(2000).nullish(),
    message: reportText(8000),
    userAgent: reportText(1000).nullish(),
  },
  { error: Msg.errorReport },
);
