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
