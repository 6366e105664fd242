import { z } from 'zod';
import { isIsoDate } from '../dates';
import { NOT_BLANK, PLAIN_TEXT } from '../rules/common';
import { Msg } from '../rules/messages';

/**
 * Issue 48 items 4, 6 and 8: notes and the contact log on a customer, the collections worklist, and
 * vulnerability (FG21/1). Calls in staff-calls.ts.
 */

/** Plain text as PLAIN_TEXT, but a note may run over several lines (a line feed is the one control let in). */
const NOTE_TEXT = new RegExp(PLAIN_TEXT.source.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F'));
const noteText = (message: string, max: number, required: boolean) => {
  const text = z
    .string({ error: message })
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max, { error: Msg.maxLength(max) })
    .regex(NOTE_TEXT, { error: Msg.invalidCharacters });
  return required ? text.regex(NOT_BLANK, { error: message }) : text;
};

const customerIdField = z.number(Msg.staffCustomer).int(Msg.staffCustomer).positive(Msg.staffCustomer);
const loanIdField = z.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan).nullish();

export const CONTACT_CHANNELS = ['phone', 'email', 'sms', 'letter', 'inPerson'] as const;
export const CONTACT_DIRECTIONS = ['inbound', 'outbound'] as const;
export const CONTACT_OUTCOMES = [
  'spokeToCustomer',
  'spokeToThirdParty',
  'noAnswer',
  'leftMessage',
  'promiseMade',
  'wrongNumber',
  'sent',
] as const;

export const CHANNEL_NAMES: Record<(typeof CONTACT_CHANNELS)[number], string> = {
  phone: 'Phone',
  email: 'E-mail',
  sms: 'SMS',
  letter: 'Letter',
  inPerson: 'In person',
};
export const OUTCOME_NAMES: Record<(typeof CONTACT_OUTCOMES)[number], string> = {
  spokeToCustomer: 'Spoke to the customer',
  spokeToThirdParty: 'Spoke to someone acting for the customer',
  noAnswer: 'No answer',
  leftMessage: 'Left a message',
  promiseMade: 'Promise made',
  wrongNumber: 'Wrong number',
  sent: 'Sent (no reply expected)',
};

/** Care/AddNote: a note on a customer, naming a loan or not. Append-only: a correction is a new note. */
export const addNoteBodySchema = z.object(
  {
    customerId: customerIdField,
    loanId: loanIdField,
    text: noteText(Msg.careNote, 2000, true),
  },
  { error: Msg.request },
);

/** Care/AddContact: a contact with the customer, and what came of it. */
export const addContactBodySchema = z.object(
  {
    customerId: customerIdField,
    loanId: loanIdField,
    channel: z.enum(CONTACT_CHANNELS, { error: Msg.careChannel }),
    direction: z.enum(CONTACT_DIRECTIONS, { error: Msg.careDirection }),
    outcome: z.enum(CONTACT_OUTCOMES, { error: Msg.careOutcome }),
    text: noteText(Msg.careNote, 2000, false),
  },
  { error: Msg.request },
);

/** Care/Log: the customer's notes and contacts, or (with loanId) those naming that loan. */
export const careLogQuerySchema = z.object(
  {
    customerId: z.coerce.number(Msg.staffCustomer).int(Msg.staffCustomer).positive(Msg.staffCustomer),
    loanId: z.coerce.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan).optional(),
  },
  { error: Msg.request },
);

export const careEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'contact']),
  customerId: z.number().int(),
  loanId: z.number().int().nullable(),
  channel: z.enum(CONTACT_CHANNELS).nullable(),
  direction: z.enum(CONTACT_DIRECTIONS).nullable(),
  outcome: z.enum(CONTACT_OUTCOMES).nullable(),
  text: z.string(),
  staffId: z.number().int(),
  staffName: z.string(),
  at: z.string(),
});
/** Newest first. */
export const careLogSchema = z.object({ entries: z.array(careEntrySchema) });

/** The worklist's arrears buckets, in days past due on the business date. */
export const ARREARS_BUCKETS = ['1-7', '8-30', '31-60', '61+'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

export const worklistQuerySchema = z.object(
  { bucket: z.enum(ARREARS_BUCKETS, { error: Msg.careBucket }).optional() },
  { error: Msg.request },
);

export const worklistLoanSchema = z.object({
  loanId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  statusId: z.number().int(),
  /** What is overdue: the ledger's arrears, as the loan page shows them. */
  overduePence: z.number().int(),
  daysPastDue: z.number().int(),
  bucket: z.enum(ARREARS_BUCKETS),
  lastContact: z
    .object({
      at: z.string(),
      channel: z.enum(CONTACT_CHANNELS),
      outcome: z.enum(CONTACT_OUTCOMES),
      staffName: z.string(),
    })
    .nullable(),
  nextAction: z.string(),
  holds: z.array(z.object({ kind: z.string(), detail: z.string() })),
  vulnerable: z.boolean(),
});
/** Collections/Worklist: the loans in arrears, the longest overdue first, with every bucket's count. */
export const worklistSchema = z.object({
  businessDate: z.string(),
  counts: z.object({ '1-7': z.number(), '8-30': z.number(), '31-60': z.number(), '61+': z.number() }),
  loans: z.array(worklistLoanSchema),
});

export const VULNERABILITY_CHARACTERISTICS = ['health', 'lifeEvent', 'resilience', 'capability'] as const;
export const CHARACTERISTIC_NAMES: Record<(typeof VULNERABILITY_CHARACTERISTICS)[number], string> = {
  health: 'Health',
  lifeEvent: 'Life event',
  resilience: 'Resilience',
  capability: 'Capability',
};

const reviewDate = z
  .string({ error: Msg.careReviewDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.careReviewDate })
  .refine(isIsoDate, { error: Msg.careReviewDate });

/** Vulnerability/Record: health needs the customer's explicit consent to our recording it. */
export const recordVulnerabilityBodySchema = z
  .object(
    {
      customerId: customerIdField,
      characteristic: z.enum(VULNERABILITY_CHARACTERISTICS, { error: Msg.careCharacteristic }),
      note: noteText(Msg.careVulnerabilityNote, 2000, true),
      healthConsent: z.boolean({ error: Msg.careHealthConsent }),
      adjustments: noteText(Msg.careAdjustments, 2000, true),
      reviewOn: reviewDate,
    },
    { error: Msg.request },
  )
  .refine((v) => v.characteristic !== 'health' || v.healthConsent, {
    path: ['healthConsent'],
    error: Msg.careHealthConsent,
  });

export const endVulnerabilityBodySchema = z.object(
  {
    vulnerabilityId: z
      .number(Msg.careVulnerability)
      .int(Msg.careVulnerability)
      .positive(Msg.careVulnerability),
    reason: noteText(Msg.careEndReason, 500, true).min(5, { error: Msg.careEndReason }),
  },
  { error: Msg.request },
);

export const vulnerabilitySchema = z.object({
  vulnerabilityId: z.number().int(),
  customerId: z.number().int(),
  characteristic: z.enum(VULNERABILITY_CHARACTERISTICS),
  /** Null where the reader's role need not know a health condition's detail (see the decision). */
  note: z.string().nullable(),
  healthConsent: z.boolean(),
  adjustments: z.string(),
  reviewOn: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
});
/** Vulnerability/OfCustomer: open ones first (by review date), then ended ones; reading it is audited. */
export const customerVulnerabilitiesSchema = z.object({ vulnerabilities: z.array(vulnerabilitySchema) });

/** Vulnerability/ReviewsDue: open vulnerabilities whose review date is within the next 7 days or past. */
export const reviewsDueSchema = z.object({
  businessDate: z.string(),
  reviews: z.array(
    z.object({
      vulnerabilityId: z.number().int(),
      customerId: z.number().int(),
      customerName: z.string(),
      characteristic: z.enum(VULNERABILITY_CHARACTERISTICS),
      reviewOn: z.string(),
      overdue: z.boolean(),
    }),
  ),
});
