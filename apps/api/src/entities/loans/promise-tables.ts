import type { Generated } from 'kysely';

/**
 * A promise to pay (issue 48 item 5): the customer says they will pay `amount_pence` by `due_on`. Kept
 * when what they paid from `made_on` through `due_on` covers it, broken otherwise; the close of business
 * decides, once (`outcome` null until then).
 */
export interface LoanPromiseTable {
  id: Generated<number>;
  application_id: number;
  /** The business date it was made. */
  made_on: string;
  due_on: string;
  amount_pence: number;
  /** The staff member who recorded it (an Actor). */
  made_by: string;
  outcome: 'kept' | 'broken' | null;
  outcome_on: string | null;
  created_at: string;
}
