import type { CallResponse } from '@lender/contract/api-calls';
import { formatAge, formatInstant, money } from './staff-format';

export type Proposal = CallResponse<'moneyApprovals'>['proposals'][number];

/** What each kind of proposal is, as staff read it. */
export const MONEY_KIND_WORDS: Record<Proposal['kind'], string> = {
  refund: 'Refund',
  waiver: 'Waiver of interest or fees',
  'write-off': 'Write-off',
};

/** Where a proposal stands, in a line: who decided it and what happened to the money. */
export function proposalState(p: Proposal): string {
  const by = p.checkerName ? ` by ${p.checkerName}` : '';
  switch (p.state) {
    case 'proposed':
      return 'Proposed, waiting for a team-lead';
    case 'rejected':
      return `Rejected${by}: ${p.rejectionReason ?? ''}`;
    case 'posted':
      return `Approved${by} and posted to the ledger`;
    case 'paying':
      return `Approved${by} and posted; payout to the bank account not yet confirmed${p.payoutProblem ? ` (${p.payoutProblem})` : ''}`;
    case 'paid':
      return `Approved${by}, posted and paid out to the bank account`;
    case 'payout-failed':
      return `Approved${by}; the payout failed (${p.payoutProblem ?? 'refused'}) and the ledger posting was reversed`;
  }
}

/** How long a proposal has waited, from its instant. */
export const proposalAge = (p: Proposal, now = Date.now()) =>
  formatAge(Math.max(0, Math.floor((now - Date.parse(p.proposedAt)) / 60_000)));

export const proposalWhat = (p: Proposal) =>
  `${MONEY_KIND_WORDS[p.kind]} of ${money(p.amountPence)}${p.paymentId ? ` (payment ${p.paymentId})` : ''}`;

export const proposedAt = (p: Proposal) => formatInstant(p.proposedAt);
