import type { Generated } from 'kysely';

/** A declined applicant's request for a person to review the automated decision (migration 035). */
export interface DecisionReviewRequestTable {
  id: Generated<number>;
  application_id: number;
  channel: string;
  note: string;
  recorded_by: string;
  requested_at: string;
  reviewed_at: string | null;
}
