import { z } from 'zod';
import { isIsoDate } from '../dates';
import { parsePounds } from '../money';
import { Msg } from '../rules/messages';

/*
 * The collections actions on a loan in the staff console (issue 48 item 5): a payment received by bank
 * transfer, a breathing space started and ended, the legal flag.
 */

const loanIdField = z.number({ error: Msg.staffLoan }).int({ error: Msg.staffLoan }).positive(Msg.staffLoan);

/** The most one transfer may be: more than any loan's balance, so a typing slip is refused. */
const TRANSFER_MAX_POUNDS = 10_000;

/** An amount typed in pounds and pence ('120', '120.50', '£1,200'); the service takes it in pence. */
const poundsField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine(
      (text) => {
        const pounds = parsePounds(text);
        return pounds !== undefined && pounds > 0 && pounds <= TRANSFER_MAX_POUNDS;
      },
      { error: message },
    );
export const transferAmountField = poundsField(Msg.staffTransferAmount);

/** A yyyy-MM-dd date. */
const dateField = (message: string) =>
  z.string({ error: message }).trim().min(10, { error: message }).refine(isIsoDate, { error: message });

/** Loans/PostTransfer: a payment the bank received, as its statement shows it. */
export const bankTransferBodySchema = z.object(
  {
    loanId: loanIdField,
    amount: transferAmountField,
    valueDate: dateField(Msg.staffTransferDate),
    reference: z
      .string({ error: Msg.staffTransferReference })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,34}$/, { error: Msg.staffTransferReference }),
  },
  { error: Msg.request },
);

const pence = (what: string) => z.number().int().describe(`${what}, in pence`);

export const bankTransferPostedSchema = z.object({
  loanId: z.number().int(),
  amountPence: pence('The amount posted'),
  valueDate: z.string(),
  /** The reference as it is kept: trimmed, single-spaced, upper case. */
  reference: z.string(),
  /** The days closed since the value date that were worked out again with the transfer in them. */
  rerun: z.object({
    from: z.string(),
    through: z.string().nullable(),
    interestBeforePence: pence('Interest those days charged before'),
    interestAfterPence: pence('Interest they charge with the transfer'),
  }),
  feesReversedPence: pence('Default fees taken back'),
  balancePence: pence('What is owed now (negative: in credit)'),
  arrearsPence: pence('What is overdue at the end of yesterday, now'),
  statusId: z.number().int(),
});

const applicationGuidField = z
  .string({ error: Msg.staffApplication })
  .trim()
  .min(1, { error: Msg.staffApplication })
  .max(64, { error: Msg.staffApplication });

export const BREATHING_SPACE_KINDS = ['standard', 'mental-health-crisis'] as const;

/** Loans/StartBreathingSpace: from the business date, or from `from` when the notice came late. */
export const breathingSpaceStartBodySchema = z.object(
  {
    applicationGuid: applicationGuidField,
    from: dateField(Msg.staffBreathingSpaceDate).optional(),
    /** 'mental-health-crisis': lasts until it is ended; 'standard' (the default): 60 days. */
    kind: z.enum(BREATHING_SPACE_KINDS, { error: Msg.staffBreathingSpaceKind }).optional(),
  },
  { error: Msg.request },
);
export const breathingSpaceStartedSchema = z.object({
  applicationGuid: z.string(),
  kind: z.enum(BREATHING_SPACE_KINDS),
  startedOn: z.string(),
  /** Null for a mental health crisis moratorium: it lasts until it is ended. */
  endsOn: z.string().nullable(),
  days: z.number().int().nullable(),
  reversed: z.object({ count: z.number().int(), pence: pence('Charges taken back'), since: z.string() }),
  withdrawnNoticeRemedyBy: z.string().nullable(),
});

/** Loans/EndBreathingSpace and Loans/FlagLegal: the loan's application. */
export const loanGuidBodySchema = z.object({ applicationGuid: applicationGuidField }, { error: Msg.request });
export const breathingSpaceEndedSchema = z.object({
  applicationGuid: z.string(),
  lastDay: z.string(),
  startedOn: z.string(),
  resumesOn: z.string(),
});

export const legalFlaggedSchema = z.object({
  applicationGuid: z.string(),
  /** The Letter of Claim the flag issues, or why it was not issued. */
  letter: z.object({
    issued: z.boolean(),
    amountPence: z.number().int().nullable(),
    replyBy: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});

/** Loans/RecordPromise: the customer's promise to pay an amount by a date. */
export const promiseBodySchema = z.object(
  {
    loanId: loanIdField,
    amount: poundsField(Msg.staffPromiseAmount),
    dueDate: dateField(Msg.staffPromiseDate),
  },
  { error: Msg.request },
);

const promiseSchema = z.object({
  promiseId: z.number().int(),
  madeOn: z.string(),
  dueDate: z.string(),
  amountPence: pence('The amount promised'),
  madeBy: z.string(),
  /** Null until the close of business decides it. */
  outcome: z.enum(['kept', 'broken']).nullable(),
  outcomeOn: z.string().nullable(),
});
export const promiseRecordedSchema = promiseSchema;

/** Loans/Promises: the loan's promises to pay, oldest first. */
export const loanIdQuerySchema = z.object(
  { loanId: z.coerce.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan) },
  { error: Msg.request },
);
export const promisesSchema = z.object({ promises: z.array(promiseSchema) });
