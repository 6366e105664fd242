import type { Generated } from 'kysely';

/** A day the close of business finished: it is never run again. */
export interface BusinessDayTable {
  business_date: string;
  loans_closed: number;
  started_at: string;
  closed_at: string;
}

/** A notice sent about a loan (arrears, default, blocked card), once per `reference`. */
export interface LoanNoticeTable {
  id: Generated<number>;
  application_id: number;
  kind: string;
  on_date: string;
  reference: string;
  created_at: string;
}

/** An s77A annual statement given (migration 048): one per loan and period, never twice. */
export interface AnnualStatementTable {
  id: Generated<number>;
  application_id: number;
  period_seq: number;
  period_start: string;
  period_end: string;
  given_on: string;
  document_id: number | null;
  /** Who gave it (an Actor): the close of business, `system:close-of-business`. */
  actor: string;
  created_at: string;
}
