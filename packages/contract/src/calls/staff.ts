import { z } from 'zod';
import { plainText } from '../rules/common';
import { Msg } from '../rules/messages';

import { pence, staffContactSchema } from './staff-records';

// Sign-in, invitations and the member signed in; the audit and the customers' records: in their own files.
export * from './staff-auth';
export * from './staff-records';

/** One signed application waiting for a decision, as `npm run ops -- underwriting list` shows it. */
export const underwritingQueueItemSchema = z.object({
  applicationGuid: z.string(),
  statusId: z.number().int(),
  /** True when the rules referred it to a person (status 48); false while it waits for the rules (8). */
  referred: z.boolean(),
  customerEmail: z.string(),
  firstName: z.string(),
  amountPence: z.number().int().meta({ description: 'The amount asked for, in pence.' }),
});

/** Underwriting/Queue: every signed or referred application waiting for a decision, oldest first. */
export const underwritingQueueSchema = z.object({ applications: z.array(underwritingQueueItemSchema) });

/** An application's guid, as the console sends it. */
const applicationGuidField = z
  .string({ error: Msg.staffApplication })
  .trim()
  .min(1, { error: Msg.staffApplication })
  .max(64, { error: Msg.staffApplication });

/** The staff member holding a referral (so a second underwriter does not work the same one). */
export const referralHolderSchema = z.object({ staffId: z.number().int(), displayName: z.string() });

/**
 * One application waiting for a person (issue 48): one the rules or the payout referred, or a declined
 * one whose applicant asked for a person to review the automated decision (UK GDPR Art. 22).
 */
export const referralSchema = z.object({
  applicationGuid: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  amountPence: z.number().int().meta({ description: 'The amount asked for, in pence.' }),
  termMonths: z.number().int().meta({ description: 'The number of monthly instalments.' }),
  statusId: z.number().int(),
  kind: z.enum(['referral', 'reviewRequest']),
  reasons: z.array(z.string()).meta({ description: 'Why it waits for a person, in words.' }),
  referredAt: z
    .string()
    .meta({ description: 'When it was referred (or the review asked for): ISO instant.' }),
  ageMinutes: z.number().int(),
  heldBy: referralHolderSchema.nullable(),
});

/** Underwriting/Referrals: every application waiting for a person's decision, oldest first. */
export const referralsSchema = z.object({ referrals: z.array(referralSchema) });

export const applicationGuidBodySchema = z.object(
  { applicationGuid: applicationGuidField },
  { error: Msg.request },
);
export const applicationGuidQuerySchema = z.object({ guid: applicationGuidField }, { error: Msg.request });

/** Underwriting/Hold and Release: who holds the application now. */
export const holdSchema = z.object({ applicationGuid: z.string(), heldBy: referralHolderSchema.nullable() });

export const STAFF_DECISIONS = ['approve', 'decline'] as const;
export const decideBodySchema = z.object(
  {
    applicationGuid: applicationGuidField,
    decision: z.enum(STAFF_DECISIONS, { error: Msg.staffDecision }),
    reason: z
      .string({ error: Msg.staffReason })
      .trim()
      .min(5, { error: Msg.staffReason })
      .max(500, { error: Msg.staffReason }),
  },
  { error: Msg.request },
);
export const decidedSchema = z.object({
  applicationGuid: z.string(),
  decision: z.enum(STAFF_DECISIONS),
  /** 'referral': the application itself was approved or declined; 'reviewRequest': the review was answered. */
  kind: z.enum(['referral', 'reviewRequest']),
  statusBefore: z.number().int(),
  statusAfter: z.number().int(),
});

export const REQUESTED_DOCUMENTS = ['proofOfIdentity', 'proofOfAddress', 'proofOfIncome'] as const;
export const askForDocumentBodySchema = z.object(
  {
    applicationGuid: applicationGuidField,
    document: z.enum(REQUESTED_DOCUMENTS, { error: Msg.staffDocument }),
    note: plainText(Msg.staffNote, 500).optional(),
  },
  { error: Msg.request },
);
export const documentAskedSchema = z.object({
  applicationGuid: z.string(),
  document: z.enum(REQUESTED_DOCUMENTS),
  sentTo: z.string(),
});

/** Underwriting/Application: the application workbench, everything an underwriter reads to decide. */
export const workbenchSchema = z.object({
  applicationGuid: z.string(),
  statusId: z.number().int(),
  createdAt: z.string(),
  /** True when a person may decide it now (referred, or a review waiting). */
  waitingForPerson: z.boolean(),
  heldBy: referralHolderSchema.nullable(),
  applicant: staffContactSchema,
  /** Stage 1: what was asked for. */
  loan: z.object({
    amountPence: pence('The amount asked for'),
    termMonths: z.number().int(),
    wageFrequency: z.string(),
    repaymentDate: z.string(),
    netMonthlyIncomePence: pence('The monthly income declared'),
    dependants: z.number().int(),
    source: z.string().nullable(),
  }),
  /** Stage 3's answers and the assessment made from them; null before stage 3. */
  affordability: z
    .object({
      residentialStatus: z.string(),
      maritalStatus: z.string(),
      employmentType: z.string(),
      employmentIndustry: z.string(),
      employerName: z.string(),
      employmentLengthMonths: z.number().int().nullable(),
      loanPurpose: z.string(),
      netIncomePence: pence('Monthly income as assessed'),
      expensesPence: pence('Monthly expenses as assessed'),
      instalmentPence: pence('The monthly instalment'),
      bufferPence: pence('What is left each month after expenses and the instalment'),
      passed: z.boolean(),
      expenses: z.array(z.object({ category: z.string(), monthlyPence: z.number().int() })),
    })
    .nullable(),
  /** The quote the applicant accepted, as the pricing engine made it; null before a quote was accepted. */
  quote: z
    .object({
      amountPence: z.number().int(),
      termMonths: z.number().int(),
      instalmentPence: z.number().int().nullable(),
      totalRepayablePence: z.number().int().nullable(),
      aprPercent: z.number().nullable(),
      dailyRatePpm: z.number().int(),
    })
    .nullable(),
  decisions: z.array(
    z.object({
      kind: z.string(),
      actor: z.string(),
      actorName: z.string(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
  /** What each check of the decision step found, in the order they ran. */
  findings: z.array(
    z.object({ check: z.string(), outcome: z.string(), reasonCode: z.string(), at: z.string() }),
  ),
  creditSearches: z.array(
    z.object({
      agency: z.string(),
      reference: z.string().nullable(),
      kind: z.enum(['soft', 'hard']),
      outcome: z.string(),
      searchedAt: z.string(),
      findings: z.array(z.string()),
    }),
  ),
  documents: z.array(
    z.object({
      documentId: z.number().int(),
      title: z.string(),
      category: z.string().nullable(),
      contentType: z.string(),
      uploadedOn: z.string(),
    }),
  ),
  reviewRequest: z
    .object({
      channel: z.string(),
      note: z.string(),
      recordedBy: z.string(),
      requestedAt: z.string(),
      reviewedAt: z.string().nullable(),
    })
    .nullable(),
});
