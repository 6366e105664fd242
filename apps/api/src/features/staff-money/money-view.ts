import type { moneyProposalSchema } from '@lender/contract/calls/staff-money';
import type { z } from 'zod';
import type { NamedProposal } from './money-proposal-repository';

type ProposalView = z.output<typeof moneyProposalSchema>;

/** A proposal as staff read it: who proposed and who checked it by name, and how its payout stands. */
export function viewOf(p: NamedProposal): ProposalView {
  return {
    proposalId: p.id,
    loanId: p.application_id,
    customerId: p.customer_id,
    customerName: `${p.first_name} ${p.last_name}`,
    kind: p.kind,
    paymentId: p.payment_transaction_id,
    amountPence: p.amount_pence,
    reason: p.reason,
    state: p.state,
    makerId: p.maker_staff_id,
    makerName: p.maker_name,
    proposedAt: p.created_at,
    checkerId: p.checker_staff_id,
    checkerName: p.checker_name,
    checkedAt: p.checked_at,
    rejectionReason: p.rejection_reason,
    payoutPaymentId: p.payout_payment_id,
    payoutProblem: p.payout_error,
  };
}
