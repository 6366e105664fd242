import { z } from 'zod';
import { EXPENSE_KEYS } from '../expenses';
import { Msg } from '../rules/messages';

/**
 * Open banking (issue 49): the applicant's own bank read, with their consent, to confirm their income
 * and spending. Money in pence; dates `yyyy-MM-dd` in the Europe/London calendar.
 */
export const RETURN_TO = ['stage3', 'repeatLoan'] as const;
export const returnToSchema = z
  .enum(RETURN_TO, { error: Msg.bankReturnPage })
  .meta({ description: 'The page the applicant comes back to: stage 3, or the repeat-loan form.' });

export const banksSchema = z.object({
  banks: z.array(z.object({ bankId: z.string(), name: z.string() })),
});

export const startConnectionSchema = z.object(
  {
    bankId: z
      .string({ error: Msg.bankChoice })
      .trim()
      .min(1, { error: Msg.bankChoice })
      .max(64, { error: Msg.bankChoice }),
    returnTo: returnToSchema,
  },
  { error: Msg.bankChoice },
);
export const authoriseSchema = z.object({
  /** The bank's own page, where the applicant approves (or denies) the access we asked for. */
  authoriseUrl: z.url(),
});

/** What the bank showed, as the applicant reads it before they submit: 'We saw £2,380 a month from ACME LTD'. */
export const verificationSchema = z.object({
  connectionGuid: z.uuid(),
  bankName: z.string(),
  readOn: z.iso.date(),
  daysCovered: z.number().int().min(0),
  monthlyIncomePence: z.number().int().min(0),
  incomeSources: z.array(
    z.object({
      payer: z.string(),
      kind: z.enum(['salary', 'benefits', 'pension']),
      monthlyPence: z.number().int().min(0),
    }),
  ),
  /** The monthly spending seen in the expense categories a bank account shows reliably. */
  spending: z.array(z.object({ category: z.enum(EXPENSE_KEYS), monthlyPence: z.number().int().min(0) })),
});
export type VerificationView = z.infer<typeof verificationSchema>;

export const REQUIRED_BECAUSE = ['modelledIncomeLow', 'declaredIncomeHigh', 'fifthLoanInYear'] as const;

export const verificationQuerySchema = z.object({ for: returnToSchema }, { error: Msg.bankReturnPage });
export const verificationStateSchema = z.object({
  /** Whether the application cannot be decided without it, and why. */
  required: z.boolean(),
  requiredBecause: z.array(z.enum(REQUIRED_BECAUSE)),
  verification: verificationSchema.nullable(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

const bankReturnText = (max: number) =>
  z.string({ error: Msg.bankReturn }).min(1, { error: Msg.bankReturn }).max(max, { error: Msg.bankReturn });
export const completeConnectionSchema = z.object(
  {
    state: bankReturnText(200),
    code: bankReturnText(500).optional(),
    /** The bank's refusal (`access_denied` when the applicant pressed Deny). */
    error: bankReturnText(200).optional(),
  },
  { error: Msg.bankReturn },
);
export const connectionResultSchema = z.object({
  returnTo: returnToSchema,
  outcome: z.enum(['connected', 'denied', 'failed']),
  verification: verificationSchema.nullable(),
});
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

export const connectionsSchema = z.object({
  connections: z.array(
    z.object({
      connectionGuid: z.uuid(),
      bankName: z.string(),
      status: z.enum(['awaiting', 'connected', 'denied', 'failed', 'revoked', 'expired']),
      startedOn: z.iso.date(),
      /** The London date the consent lapses by itself. */
      expiresOn: z.iso.date(),
      /** Whether it may still be revoked (awaiting or connected). */
      revocable: z.boolean(),
    }),
  ),
});
export type BankConnections = z.infer<typeof connectionsSchema>;

export const revokeConnectionSchema = z.object(
  { connectionGuid: z.uuid({ error: Msg.bankConnection }) },
  { error: Msg.bankConnection },
);
export const revokedSchema = z.object({
  /** False when the bank did not answer: we no longer use it, and the applicant may end it at their bank too. */
  bankConfirmed: z.boolean(),
});
