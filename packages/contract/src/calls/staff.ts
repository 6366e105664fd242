import { z } from 'zod';
import { isIsoDate } from '../dates';
import { emailField, plainText } from '../rules/common';
import { Msg } from '../rules/messages';
import { newPasswordField } from '../rules/password';
import { PASSWORD_MAX } from '../rules/password-rules';
import { PERMISSIONS, STAFF_ROLES } from '../staff-permissions';

/** Staff/Me: the staff member the session belongs to, and what their role lets them do. */
export const staffMeSchema = z.object({
  staffId: z.number().int(),
  /** The sign-in name: the member's e-mail for a member added by invitation (issue 48). */
  username: z.string(),
  /** The member's e-mail (their sign-in name); null only for a member made before issue 48. */
  email: z.string().nullable(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** An invitation link's token as the e-mailed link carries it (32 random bytes, base64url). */
const invitationToken = z
  .string({ error: Msg.staffInvitationLink })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: Msg.staffInvitationLink });

/** A 6-digit authenticator code, or (at sign-in) one of the recovery codes. */
const codeField = (what: string) =>
  z.string({ error: what }).trim().min(1, { error: what }).max(40, { error: what });

/**
 * The invitation code (docs/decisions/071-staff-invitation-code.md): the second proof of an invitation,
 * shown once to the inviting admin and given by them to the invitee by phone or in person, never e-mailed.
 * 8 characters of 31 (the digits 2-9 and the capital letters but I, L and O: none is read as another),
 * shown as two groups of four, `K7PM-4XQR`; typed back in any case, with or without the dash or spaces.
 */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 8;
/** A typed invitation code as it is compared: capitals, no dash or spaces. */
export const normaliseInvitationCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
/** The code as the admin reads it out: two groups of four. */
export const groupInvitationCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
/** 8 of the alphabet's characters in any case, dashes and spaces anywhere (a form that can never be right is no try). */
const invitationCodeField = z
  .string({ error: Msg.staffInvitationCode })
  .max(30, { error: Msg.staffInvitationCode })
  .regex(/^[\s-]*(?:[2-9A-HJKMNP-Za-hjkmnp-z][\s-]*){8}$/, { error: Msg.staffInvitationCode });

/**
 * StaffAuth/Invitation: whether the link is open, and nothing else: the link alone is no proof of who
 * opens it, so who is invited and the secret wait for the invitation code (StaffAuth/InvitationCode).
 */
export const staffInvitationQuerySchema = z.object({ token: invitationToken }, { error: Msg.request });
export const staffInvitationSchema = z.object({
  /** When the link stops working (ISO instant). */
  expiresAt: z.string(),
  /** Wrong invitation codes that may still be tried before the invitation is void (5 at first). */
  codeTriesLeft: z.number().int(),
});

/** StaffAuth/InvitationCode: the link's token and the code the administrator gave. */
export const staffInvitationCodeSchema = z.object(
  { token: invitationToken, invitationCode: invitationCodeField },
  { error: Msg.request },
);
/** StaffAuth/InvitationCode's answer: who is invited and the secret to enrol (the right code only). */
export const staffInvitationShownSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The TOTP secret as base32 text, to type into an authenticator app. The same on every opening. */
  secretBase32: z.string(),
  /** `otpauth://totp/...`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri` as an `<svg>` element (drawn by the server; no script, no link). */
  qrSvg: z.string(),
});
/**
 * StaffAuth/AcceptInvitation: the invitation code again (the secret alone is no proof either), the
 * password (customers' rules) and a code from the app just set up.
 */
export const staffAcceptInvitationSchema = z.object(
  {
    token: invitationToken,
    invitationCode: invitationCodeField,
    password: newPasswordField,
    code: codeField(Msg.staffEnrolmentCode),
  },
  { error: Msg.request },
);
/** Shown once: each signs in once in place of an authenticator code. */
export const staffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** StaffAuth/Login: e-mail, password, and a 6-digit authenticator code or a recovery code. */
export const staffLoginSchema = z.object(
  {
    email: emailField(Msg.loginEmail),
    password: z
      .string({ error: Msg.loginPassword })
      .min(1, { error: Msg.loginPassword })
      .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) }),
    code: codeField(Msg.staffSignInCode),
  },
  { error: Msg.request },
);

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

const pence = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in pence.` });

/** Who a customer is and how to reach them, as the workbench and the customer's record both show it. */
export const staffContactSchema = z.object({
  customerId: z.number().int(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  postCode: z.string(),
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

/** An actor as the audit stores it (the API's entities/audit/actor.ts). */
const ACTOR_TEXT = /^(ops|(customer|staff|partner):[1-9]\d{0,15}|system:[a-z][a-z0-9-]{0,49})$/;

const isoDateFilter = z
  .string({ error: Msg.auditDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: Msg.auditDate })
  .refine(isIsoDate, { error: Msg.auditDate })
  .optional();

/** The audit's filters (Audit/Events and Audit/Export): London calendar days, both ends included. */
export const auditFilterSchema = z
  .object(
    {
      from: isoDateFilter,
      to: isoDateFilter,
      actor: z
        .string({ error: Msg.auditActor })
        .trim()
        .regex(ACTOR_TEXT, { error: Msg.auditActor })
        .optional(),
      customerId: z
        .string({ error: Msg.auditCustomer })
        .regex(/^[1-9]\d{0,15}$/, { error: Msg.auditCustomer })
        .transform(Number)
        .optional(),
      action: z
        .string({ error: Msg.auditAction })
        .regex(/^[a-z0-9-]{1,60}$/, { error: Msg.auditAction })
        .optional(),
    },
    { error: Msg.request },
  )
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], error: Msg.auditDateOrder });

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  actorName: z.string(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  customerId: z.number().int().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  address: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

/** Audit/Events: the newest rows first, at most `limit`; `capped` when there were more. */
export const auditEventsSchema = z.object({
  events: z.array(auditRowSchema),
  capped: z.boolean(),
  limit: z.number().int(),
});

/** Customers/Search: what a person types (issue 48 item 3); too short a text finds too many to be useful. */
export const customerSearchQuerySchema = z.object(
  {
    q: z
      .string(Msg.staffSearch)
      .trim()
      .min(1, Msg.staffSearchShort)
      .max(120, Msg.staffSearchLong)
      // A loan number may be short (it is the agreement number); any other text needs 3 characters.
      .refine((q) => /^\d+$/.test(q) || q.length >= 3, Msg.staffSearchShort),
  },
  { error: Msg.request },
);

export const customerMatchSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  birthDate: z.string(),
  email: z.string(),
  postCode: z.string(),
  latestApplication: z.object({ guid: z.string(), statusId: z.number().int() }).nullable(),
  /** The newest loan's agreement number (its application's id), as letters and bank transfers quote it. */
  loanReference: z.string().nullable(),
});

/** Customers/Search: at most 50 customers, newest first; `capped` when there were more. */
export const customerSearchSchema = z.object({
  /** How the text was read: which field it was looked up in. */
  kind: z.enum([
    'nameAndBirthDate',
    'name',
    'email',
    'mobile',
    'postCode',
    'applicationGuid',
    'loanReference',
  ]),
  customers: z.array(customerMatchSchema),
  capped: z.boolean(),
});

export const customerIdQuerySchema = z.object(
  {
    customerId: z.coerce.number(Msg.staffCustomer).int(Msg.staffCustomer).positive(Msg.staffCustomer),
  },
  { error: Msg.request },
);

/** A hold on a loan: a breathing space, the legal flag, a blocked card, a cancelled CPA, a default. */
export const loanHoldSchema = z.object({
  kind: z.enum(['breathingSpace', 'legal', 'defaulted', 'cardBlocked', 'cpaCancelled']),
  since: z.string(),
  until: z.string().nullable(),
  detail: z.string(),
});

/** Customers/Customer: a customer's whole record as staff read it (read-only); opening it is audited. */
export const staffCustomerSchema = staffContactSchema.extend({
  createdAt: z.string(),
  /** Marketing consent as stored now, and its history (newest first). */
  marketing: z.object({ byEmail: z.boolean(), bySms: z.boolean() }),
  consents: z.array(
    z.object({ channel: z.string(), given: z.boolean(), source: z.string(), at: z.string() }),
  ),
  applications: z.array(
    z.object({
      guid: z.string(),
      statusId: z.number().int(),
      amountPence: pence('The amount asked for'),
      termMonths: z.number().int(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  loans: z.array(
    z.object({
      loanId: z.number().int().meta({ description: "The loan's agreement number (its application's id)." }),
      applicationGuid: z.string(),
      statusId: z.number().int(),
      principalPence: pence('The amount lent'),
      balancePence: pence("What is owed now, from the ledger's fold (negative: the customer is in credit)"),
      fundedOn: z.string().nullable(),
      settledOn: z.string().nullable(),
    }),
  ),
  documents: z.array(
    z.object({ documentId: z.number().int(), title: z.string(), kind: z.string(), createdOn: z.string() }),
  ),
  /** The newest 50 security events of the customer. */
  securityEvents: z.array(
    z.object({
      type: z.string(),
      at: z.string(),
      address: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
  holds: z.array(loanHoldSchema.extend({ loanId: z.number().int() })),
});

export const loanIdQuerySchema = z.object(
  { loanId: z.coerce.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan) },
  { error: Msg.request },
);

/** Customers/Loan: one loan as staff read it (read-only); opening it is audited. */
export const staffLoanSchema = z.object({
  loanId: z.number().int(),
  applicationGuid: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  statusId: z.number().int(),
  principalPence: pence('The amount lent'),
  totalRepayablePence: pence('The total repayable as signed'),
  fundedOn: z.string().nullable(),
  settledOn: z.string().nullable(),
  balancePence: pence("What is owed now, from the ledger's fold (negative: in credit)"),
  arrearsPence: pence('What is overdue at the end of yesterday'),
  /** The schedule in force and how many versions it has had (1: as signed). */
  schedule: z.object({
    version: z.number().int(),
    versions: z.number().int(),
    instalments: z.array(
      z.object({
        seq: z.number().int(),
        dueDate: z.string(),
        paymentPence: z.number().int(),
        principalPence: z.number().int(),
        interestPence: z.number().int(),
        isPaid: z.boolean(),
        duePence: z.number().int(),
      }),
    ),
  }),
  /** Every transaction, in the order the ledger folds them (date, then as posted), with the balance after it. */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      onDate: z.string(),
      kind: z.string(),
      amountPence: z.number().int(),
      reversesId: z.number().int().nullable(),
      balanceAfterPence: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      kind: z.string(),
      amountPence: z.number().int(),
      state: z.string(),
      onDate: z.string(),
      cardLast4: z.string().nullable(),
    }),
  ),
  cpaAttempts: z.array(
    z.object({
      seq: z.number().int(),
      attempt: z.number().int(),
      onDate: z.string(),
      amountPence: z.number().int(),
      outcome: z.string(),
    }),
  ),
  notices: z.array(z.object({ kind: z.string(), onDate: z.string() })),
  documents: z.array(
    z.object({ documentId: z.number().int(), title: z.string(), kind: z.string(), createdOn: z.string() }),
  ),
  holds: z.array(loanHoldSchema),
});
