import { z } from 'zod';
import { Msg } from '../rules/messages';

/*
 * Four eyes on money (issue 48 item 5): a refund, a waiver or a write-off is proposed by one staff member
 * and posted only when a team-lead other than the maker approves it (docs/decisions/065-staff-money-four-eyes.md).
 */

export const MONEY_KINDS = ['refund', 'waiver', 'write-off'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/**
 * proposed: waiting for a checker; rejected: a checker said no (with a reason); posted: approved and on
 * the ledger (a waiver or write-off ends here); paying: a refund approved, its payout not yet confirmed;
 * paid: the refund reached the customer's bank; payout-failed: the bank refused it, the ledger row reversed.
 */
export const MONEY_STATES = ['proposed', 'rejected', 'posted', 'paying', 'paid', 'payout-failed'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** The most one proposal may move: far above any loan we lend, so a slip of the keyboard is refused. */
export const MONEY_MAX_PENCE = 10_000_000;

const amountPence = z
  .number({ error: Msg.moneyAmount })
  .int({ error: Msg.moneyAmount })
  .min(1, { error: Msg.moneyAmount })
  .max(MONEY_MAX_PENCE, { error: Msg.moneyAmount })
  .meta({ description: 'The amount, in pence (the console takes it in pounds).' });

const reason = (error: string) => z.string({ error }).trim().min(5, { error }).max(500, { error });

const loanId = z
  .number({ error: Msg.staffLoan })
  .int({ error: Msg.staffLoan })
  .positive({ error: Msg.staffLoan });

const proposalId = z
  .number({ error: Msg.moneyProposal })
  .int({ error: Msg.moneyProposal })
  .positive({ error: Msg.moneyProposal });

/** Money/ProposeRefund: of the credit balance (no paymentId), or of a payment taken in error (its ledger row). */
export const proposeRefundBodySchema = z.object(
  {
    loanId,
    amountPence,
    reason: reason(Msg.moneyReason),
    paymentId: z
      .number({ error: Msg.moneyPayment })
      .int({ error: Msg.moneyPayment })
      .positive({ error: Msg.moneyPayment })
      .nullable()
      .optional()
      .meta({ description: 'The ledger row of the payment taken in error; none: the credit balance.' }),
  },
  { error: Msg.request },
);

/** Money/ProposeWaiver and Money/ProposeWriteOff. */
export const proposeAmountBodySchema = z.object(
  { loanId, amountPence, reason: reason(Msg.moneyReason) },
  { error: Msg.request },
);

export const approveBodySchema = z.object({ proposalId }, { error: Msg.request });
export const rejectBodySchema = z.object(
  { proposalId, reason: reason(Msg.moneyRejectReason) },
  { error: Msg.request },
);

export const loanProposalsQuerySchema = z.object(
  { loanId: z.coerce.number(Msg.staffLoan).int(Msg.staffLoan).positive(Msg.staffLoan) },
  { error: Msg.request },
);

export const moneyProposalSchema = z.object({
  proposalId: z.number().int(),
  loanId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  kind: z.enum(MONEY_KINDS),
  /** A refund of a payment taken in error: that payment's ledger row (null: the credit balance). */
  paymentId: z.number().int().nullable(),
  amountPence: z.number().int().meta({ description: 'The amount, in pence.' }),
  reason: z.string(),
  state: z.enum(MONEY_STATES),
  makerId: z.number().int(),
  makerName: z.string(),
  proposedAt: z.string(),
  checkerId: z.number().int().nullable(),
  checkerName: z.string().nullable(),
  checkedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The payout provider's payment of a refund, once it answered. */
  payoutPaymentId: z.string().nullable(),
  /** Why the payout failed or waits (the provider's words), if it did. */
  payoutProblem: z.string().nullable(),
});

export const moneyProposalsSchema = z.object({ proposals: z.array(moneyProposalSchema) });
