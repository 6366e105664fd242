import type { Generated } from 'kysely';

/** A note or a contact on a customer (migration 040): append-only, never updated or deleted. */
export interface CustomerCareEntryTable {
  id: Generated<number>;
  customer_id: number;
  loan_id: number | null;
  kind: string;
  channel: string | null;
  direction: string | null;
  outcome: string | null;
  text: string;
  staff_id: number;
  created_at: string;
}

/** A vulnerability recorded on a customer (FG21/1, migration 040): ended with a reason, never deleted. */
export interface CustomerVulnerabilityTable {
  id: Generated<number>;
  customer_id: number;
  characteristic: string;
  note: string;
  health_consent: number;
  adjustments: string;
  review_on: string;
  recorded_by: number;
  recorded_at: string;
  ended_at: string | null;
  ended_by: number | null;
  end_reason: string | null;
}
