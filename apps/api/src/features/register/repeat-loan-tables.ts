import type { Generated } from 'kysely';

/**
 * An answered Register/RepeatLoan (docs/decisions/027), under the customer's idempotency key and once per
 * ended application it follows: the same request again, or a second tab's, answers this one.
 */
export interface RepeatLoanRequestTable {
  id: Generated<number>;
  customer_id: number;
  idempotency_key: string;
  request_hash: string;
  follows_application_id: number;
  application_id: number;
  /** 0: sent to e-sign; 211: the card declined (stage 2 next); 201: declined. */
  error_id: number;
  error_message: string;
  created_at: string;
}
