import type { Generated } from 'kysely';

export type PreClaimLetterState = 'open' | 'replied' | 'closed';

/** A Letter of Claim (Pre-Action Protocol for Debt Claims), its figures from the ledger on its day. */
export interface PreClaimLetterTable {
  id: Generated<number>;
  customer_id: number;
  application_id: number;
  issued_on: string;
  reply_by: string;
  amount_pence: number;
  interest_continues: number;
  daily_interest_pence: number;
  document_id: number;
  state: PreClaimLetterState;
  closed_on: string | null;
  closed_reason: string | null;
  created_at: string;
  /** Actors (entities/audit/actor.ts): who issued it (staff's flag or the close of business), who closed it. */
  issued_by: string;
  closed_by: string | null;
}

/** The Reply Form's answers staff act on; the customer's words are in its PDF (`document_id`). */
export interface PreClaimReplyTable {
  id: Generated<number>;
  letter_id: number;
  customer_id: number;
  submitted_on: string;
  owes: 'all' | 'part' | 'none';
  part_amount_pence: number | null;
  wants_documents: number;
  proposes_instalments: number;
  instalment_pence: number | null;
  seeking_advice: number;
  no_claim_before: string;
  /** The day staff sent the documents the reply asked for (their 30 days count from it); null till then. */
  documents_sent_on: string | null;
  document_id: number;
  statement_document_id: number | null;
  created_at: string;
}
