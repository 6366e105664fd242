import type { Generated } from 'kysely';

/** A Faster Payments payout of an approved loan; its key is stored before the provider is called. */
export interface PayoutTable {
  id: Generated<number>;
  application_id: number;
  idempotency_key: string;
  amount_pence: number;
  state: 'sending' | 'pending' | 'paid' | 'rejected' | 'unavailable' | 'referred';
  payment_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
