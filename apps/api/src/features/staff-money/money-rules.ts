import type { MoneyKind } from '@lender/contract/calls/staff-money';
import { formatPence } from '@lender/contract/money';
import type { DbExecutor } from '../../db/create-db';
import type { Actor } from '../../entities/audit/actor';
import { positionOf, type Position } from '../../entities/loans/ledger';
import type { LoanBook, Posting } from '../../entities/loans/loan-repository';
import { moneyProposalRepository, type NamedProposal } from './money-proposal-repository';

/*
 * The rules of four eyes on money (docs/decisions/065-staff-money-four-eyes.md): how much may move, and what
 * an approval posts. Checked when a proposal is made and again inside the approval's transaction.
 */

/** Ledger rows a customer paid with: what a refund of a payment taken in error may reverse. */
const PAYMENT_ROWS = new Set(['card-payment', 'instalment']);

/** The figures the audit keeps before and after a posting, in pence. */
export const figuresOf = (p: Position) => ({
  totalDuePence: p.totalDuePence,
  creditPence: p.creditPence,
  principalPence: p.principalPence,
  interestDuePence: p.interestDuePence,
  feesDuePence: p.feesDuePence,
});

export const KIND_WORDS: Record<MoneyKind, string> = {
  refund: 'refund',
  waiver: 'waiver',
  'write-off': 'write-off',
};

/** Why this amount may not be moved on this loan now, or null when it may. */
export async function limitProblem(
  kind: MoneyKind,
  book: LoanBook,
  amountPence: number,
  paymentId: number | null,
  db: DbExecutor,
  proposalId?: number,
): Promise<{ message: string; code: string } | null> {
  if (!book.loan.funded_on)
    return { message: 'This loan was never paid out: nothing to move.', code: 'state' };
  const p = positionOf(book.terms, book.rows);
  const over = (what: string, most: number) => ({
    message: `The ${KIND_WORDS[kind]} of ${formatPence(amountPence)} is more than ${what} (${formatPence(most)}).`,
    code: 'limit',
  });
  switch (kind) {
    case 'refund': {
      if (paymentId === null) {
        return amountPence <= p.creditPence ? null : over('the credit balance', p.creditPence);
      }
      const reversed = new Set(book.rows.filter((r) => r.type === 'reversal').map((r) => r.reversesId));
      const row = book.rows.find((r) => r.id === paymentId);
      if (!row || !PAYMENT_ROWS.has(row.type) || reversed.has(row.id)) {
        return {
          message: `Payment ${paymentId} is not a payment on this loan that stands.`,
          code: 'payment',
        };
      }
      const others = (await moneyProposalRepository(db).standingRefundsOf(paymentId)).filter(
        (o) => o.id !== proposalId,
      );
      if (others.length > 0) {
        return { message: `Payment ${paymentId} already has a refund proposed or made.`, code: 'payment' };
      }
      if (amountPence > row.amountPence) return over('the payment it reverses', row.amountPence);
      // An ended loan is not opened again by a refund: what it gives back must come out of the credit.
      if (book.loan.settled_on && amountPence > p.creditPence) {
        return {
          message: `This loan has ended: a refund of it may be no more than its credit balance (${formatPence(p.creditPence)}).`,
          code: 'limit',
        };
      }
      return null;
    }
    case 'waiver': {
      const most = p.interestDuePence + p.feesDuePence;
      return amountPence <= most ? null : over('the interest and fees outstanding', most);
    }
    case 'write-off':
      return amountPence <= p.totalDuePence ? null : over('the balance', p.totalDuePence);
  }
}

/** What the approval posts: one row under `money:<id>` (and for part of a payment refunded, the rest). */
export function postingsOf(proposal: NamedProposal, book: LoanBook, today: string, actor: Actor): Posting[] {
  const base = {
    applicationId: proposal.application_id,
    onDate: today,
    actor,
    reference: `money:${proposal.id}`,
  };
  if (proposal.kind === 'refund' && proposal.payment_transaction_id !== null) {
    // The payment taken in error is reversed whole, and what was rightly taken stays as a payment of its
    // own day, so the ledger's fold treats the customer as having paid only that.
    const row = book.rows.find((r) => r.id === proposal.payment_transaction_id)!;
    const rest = row.amountPence - proposal.amount_pence;
    return [
      { ...base, type: 'reversal', amountPence: row.amountPence, reversesId: row.id },
      ...(rest > 0
        ? [
            {
              ...base,
              type: row.type,
              amountPence: rest,
              onDate: row.onDate,
              reference: `money-rest:${proposal.id}`,
            },
          ]
        : []),
    ];
  }
  return [{ ...base, type: proposal.kind, amountPence: proposal.amount_pence }];
}
