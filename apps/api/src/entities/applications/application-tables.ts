import type { Generated } from 'kysely';

export interface ApplicationTable {
  id: Generated<number>;
  guid: string;
  customer_id: number;
  status_id: number;
  product_id: number;
  amount_pence: number;
  /** The number of instalments. */
  period: number;
  wage_frequency_id: number;
  repayment_date: string;
  net_monthly_income_pence: number;
  num_dependents: number;
  /** Daily interest rate in millionths (8000 = 0.8%); a provider lead prices at 6000. */
  daily_rate_ppm: number;
  source: string | null;
  campaign: string | null;
  tier_name: string | null;
  quote_total_repayable_pence: number | null;
  quote_instalment_pence: number | null;
  quote_apr_percent: number | null;
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationDecisionTable {
  id: Generated<number>;
  application_id: number | null;
  customer_id: number | null;
  /** e.g. 'declined', 'quote-accepted'. */
  kind: string;
  reason: string;
  /** Who decided: an `Actor` (entities/audit/actor.ts); rows older than migration 020 were given theirs. */
  actor: string;
  created_at: string;
}
