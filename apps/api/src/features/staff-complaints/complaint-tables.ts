import type { Generated } from 'kysely';

/** A complaint in the register (DISP 1.6, migration 041): logged once, closed once, never deleted. */
export interface ComplaintTable {
  id: Generated<number>;
  customer_id: number;
  loan_id: number | null;
  channel: string;
  category: string;
  summary: string;
  received_on: string;
  summary_by: string;
  deadline_on: string;
  logged_by: number;
  logged_at: string;
  acknowledged_at: string | null;
  holding_sent_on: string | null;
  closed_on: string | null;
  closed_at: string | null;
  closed_by: number | null;
  outcome: string | null;
  root_cause: string | null;
  reasons: string | null;
  redress_pence: number | null;
  response: string | null;
  document_id: number | null;
}
