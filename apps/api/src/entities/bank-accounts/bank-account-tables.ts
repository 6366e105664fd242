import type { Generated } from 'kysely';

/** Sort code and account number sealed with DATA_KEY (AES-256-GCM). */
export interface BankAccountTable {
  id: Generated<number>;
  customer_id: number;
  application_id: number | null;
  sort_code_sealed: string;
  account_number_sealed: string;
  created_at: string;
}
