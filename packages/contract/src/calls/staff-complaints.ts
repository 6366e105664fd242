import { z } from 'zod';
import { isIsoDate } from '../dates';
import { NOT_BLANK, PLAIN_TEXT } from '../rules/common';
import { Msg } from '../rules/messages';

/**
 * Issue 48 item 7: the complaints register (FCA DISP 1.6), its letters and the complaints return's counts.
 * Calls in staff-calls.ts; the reading of DISP behind the rules is docs/decisions/068-staff-complaints.md.
 */

/** Plain text that may run over several lines (a line feed is the one control let in). */
const TEXT = new RegExp(PLAIN_TEXT.source.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F'));
const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max, { error: Msg.maxLength(max) })
    .regex(TEXT, { error: Msg.invalidCharacters })
    .regex(NOT_BLANK, { error: message });

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(isIsoDate, { error: message });

export const COMPLAINT_CHANNELS = ['phone', 'email', 'letter', 'webChat', 'inPerson'] as const;
export const COMPLAINT_CATEGORIES = [
  'affordability',
  'arrears',
  'feesCharges',
  'customerService',
  'dataProtection',
  'fraudScam',
  'other',
] as const;
export const COMPLAINT_OUTCOMES = ['upheld', 'partlyUpheld', 'notUpheld'] as const;
/** How a complaint was closed: a summary resolution communication (DISP 1.5.4R) or a final response (DISP 1.6.2R). */
export const COMPLAINT_RESPONSES = ['summary', 'final'] as const;

export const COMPLAINT_CHANNEL_NAMES: Record<(typeof COMPLAINT_CHANNELS)[number], string> = {
  phone: 'Phone',
  email: 'E-mail',
  letter: 'Letter',
  webChat: 'Web chat',
  inPerson: 'In person',
};
export const COMPLAINT_CATEGORY_NAMES: Record<(typeof COMPLAINT_CATEGORIES)[number], string> = {
  affordability: 'Affordability or irresponsible lending',
  arrears: 'Arrears handling',
  feesCharges: 'Fees and charges',
  customerService: 'Customer service',
  dataProtection: 'Data protection',
  fraudScam: 'Fraud or scam',
  other: 'Other',
};
export const COMPLAINT_OUTCOME_NAMES: Record<(typeof COMPLAINT_OUTCOMES)[number], string> = {
  upheld: 'Upheld',
  partlyUpheld: 'Partly upheld',
  notUpheld: 'Not upheld',
};

/** Complaints/Log: a complaint received by any channel, against a customer and perhaps one of their loans. */
export const logComplaintBodySchema = z.object(
  {
    customerId: z.number(Msg.staffCustomer).int(Msg.staffCustomer).positive(Msg.staffCustomer),
    loanId: z.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan).nullish(),
    channel: z.enum(COMPLAINT_CHANNELS, { error: Msg.complaintChannel }),
    category: z.enum(COMPLAINT_CATEGORIES, { error: Msg.complaintCategory }),
    receivedOn: isoDate(Msg.complaintReceivedOn),
    summary: text(Msg.complaintSummary, 2000),
  },
  { error: Msg.request },
);

/** Complaints/Resolve: the outcome, its reasons, root cause and redress, and which letter closes it. */
export const resolveComplaintBodySchema = z.object(
  {
    complaintId: z.number(Msg.complaintId).int(Msg.complaintId).positive(Msg.complaintId),
    outcome: z.enum(COMPLAINT_OUTCOMES, { error: Msg.complaintOutcome }),
    rootCause: text(Msg.complaintRootCause, 500),
    reasons: text(Msg.complaintReasons, 4000),
    /** Recorded here; paid as a refund proposal through the four-eyes step, not by this call. */
    redressPence: z
      .number(Msg.complaintRedress)
      .int(Msg.complaintRedress)
      .min(0, Msg.complaintRedress)
      .max(100_000_00, Msg.complaintRedress),
    response: z.enum(COMPLAINT_RESPONSES, { error: Msg.complaintResponse }),
  },
  { error: Msg.request },
);

/** Complaints/HoldingResponse (DISP 1.6.2R(2)): why no final response yet, and when one is expected. */
export const holdingResponseBodySchema = z.object(
  {
    complaintId: z.number(Msg.complaintId).int(Msg.complaintId).positive(Msg.complaintId),
    why: text(Msg.complaintHoldingWhy, 2000),
    expectedBy: isoDate(Msg.complaintExpectedBy),
  },
  { error: Msg.request },
);

/** Complaints/List: open complaints (the 8-week clock), or every complaint of one customer. */
export const complaintsQuerySchema = z.object(
  {
    customerId: z.coerce
      .number(Msg.staffCustomer)
      .int(Msg.staffCustomer)
      .positive(Msg.staffCustomer)
      .optional(),
  },
  { error: Msg.request },
);

export const complaintSchema = z.object({
  complaintId: z.number().int(),
  reference: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  loanId: z.number().int().nullable(),
  channel: z.enum(COMPLAINT_CHANNELS),
  category: z.enum(COMPLAINT_CATEGORIES),
  summary: z.string(),
  receivedOn: z.string(),
  /** The last day a summary resolution communication may close it: close of the 3rd business day after receipt. */
  summaryBy: z.string(),
  /** The end of eight weeks after receipt (DISP 1.6.2R): 56 calendar days. */
  deadlineOn: z.string(),
  /** 'open', 'dueSoon' (deadline within 7 days), 'overdue' (deadline passed), or 'closed'. */
  clock: z.enum(['open', 'dueSoon', 'overdue', 'closed']),
  loggedBy: z.string(),
  loggedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** The day the 8-week holding response was sent (DISP 1.6.2R(2)), if one was. */
  holdingSentOn: z.string().nullable(),
  closedOn: z.string().nullable(),
  closedBy: z.string().nullable(),
  outcome: z.enum(COMPLAINT_OUTCOMES).nullable(),
  rootCause: z.string().nullable(),
  reasons: z.string().nullable(),
  redressPence: z.number().int().nullable(),
  response: z.enum(COMPLAINT_RESPONSES).nullable(),
  /** The final response letter, a document of the customer's. */
  documentId: z.number().int().nullable(),
});

export const complaintsSchema = z.object({
  businessDate: z.string(),
  complaints: z.array(complaintSchema),
});

/** Complaints/Letter: the final response letter (PDF) of a complaint closed with one. */
export const complaintLetterQuerySchema = z.object(
  { complaintId: z.coerce.number(Msg.complaintId).int(Msg.complaintId).positive(Msg.complaintId) },
  { error: Msg.request },
);

/** Complaints/Report: the complaints return's counts for a period (normally a half year). */
export const complaintsReportQuerySchema = z.object(
  {
    from: isoDate(Msg.complaintPeriod),
    to: isoDate(Msg.complaintPeriod),
  },
  { error: Msg.request },
);

const countsSchema = z.object({
  opened: z.number().int(),
  closed: z.number().int(),
  upheld: z.number().int(),
});

export const complaintsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  opened: z.number().int(),
  closed: z.number().int(),
  /** Closed as upheld or partly upheld, over closed, in whole percent; null when none closed. */
  upheldPercent: z.number().int().nullable(),
  closedWithin3BusinessDays: z.number().int(),
  /** After the 3 business days, within 8 weeks. */
  closedWithin8Weeks: z.number().int(),
  closedAfter8Weeks: z.number().int(),
  /** Open at the end of the period. */
  openAtEnd: z.number().int(),
  byCategory: z.array(countsSchema.extend({ category: z.enum(COMPLAINT_CATEGORIES) })),
});
