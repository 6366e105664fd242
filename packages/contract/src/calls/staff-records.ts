import { z } from 'zod';
import { isIsoDate } from '../dates';
import { Msg } from '../rules/messages';

/*
 * What staff read about people and loans (issue 48): the audit and its filter, the customer search, a
 * customer's record and a loan's. Re-exported by staff.ts.
 */

/** An amount in pence, with what it is. */
export const pence = (description: string) =>
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
