/** The loans a job is working on now: ids `first_application_id` to `last_application_id` (migration 024). */
export interface LoanBatchLockTable {
  name: string;
  holder: string;
  first_application_id: number;
  last_application_id: number;
  expires_at: string;
}
