import type { Generated } from 'kysely';

/**
 * A signed loan (issue 25): the agreement's terms as signed. Money owed is never stored here: it is
 * derived from `loan_transactions` (entities/loans/ledger.ts). The dates are states of servicing.
 */
export interface LoanTable {
  application_id: number;
  customer_id: number;
  principal_pence: number;
  /** The daily rate the schedule was priced at (a fraction: 0.008 = 0.8%), lower when the cost cap bound. */
  daily_rate: number;
  /** The day the signed schedule was priced for (the day of signature). */
  priced_on: string;
  total_repayable_pence: number;
  funded_on: string | null;
  settled_on: string | null;
  /** The card on file failed a collection: no more collections, pay and reschedule wait for a new card. */
  blocked_on: string | null;
  blocked_reason: string | null;
  /** The customer withdrew the Continuous Payment Authority (CONC 7.6.9): no collection is attempted. */
  cpa_cancelled_at: string | null;
  /** The s87 default notice's day, and the day by which it asks the arrears to be paid. */
  default_notice_on: string | null;
  remedy_by: string | null;
  /**
   * The sum the default notice asks to remedy the breach (the arrears then, without the default fee),
   * in pence (issue 46). Null without a notice, or for a notice given before it was kept (migration 028).
   */
  remedy_sum_pence: Generated<number | null>;
  defaulted_on: string | null;
  created_at: string;
  /** A new card renewed the CPA: failed attempts count from this moment (CONC 7.6.14). */
  cpa_renewed_at: string | null;
}

/** The signed schedule, one row per instalment, never changed after signature. */
export interface LoanInstalmentTable {
  application_id: number;
  seq: number;
  due_date: string;
  payment_pence: number;
  principal_pence: number;
  interest_pence: number;
  /** 1: the signed schedule; each reschedule adds the next (loan_schedules), the old rows kept. */
  version: Generated<number>;
}

/** A reschedule: the new version of the schedule and how it was priced (docs/decisions/025). */
export interface LoanScheduleTable {
  application_id: number;
  version: number;
  /** 'forbearance': in arrears, no interest or fee while kept; 'refinance': ends after the signed last date. */
  kind: LoanScheduleKind;
  daily_rate: number;
  /** Everything paid before this version: its instalments are paid from what is paid after. */
  paid_before_pence: number;
  created_on: string;
  idempotency_key: string;
  /** What the request asked (lib/idempotency-key.ts); null on plans stored before issue 45. */
  request_hash: string | null;
  created_at: string;
  /**
   * 1: a plan agreed by staff to be paid by other means (migration 043): the CPA charges nothing while it
   * stands (docs/decisions/069-staff-plans-forbearance.md).
   */
  without_card: Generated<number>;
  /** A pause of collections agreed by staff: its last day; null for any other plan. */
  pause_until: string | null;
}

export type LoanScheduleKind = 'reschedule' | 'refinance' | 'forbearance';

export type LoanTransactionType =
  | 'advance'
  | 'interest'
  | 'instalment'
  | 'card-payment'
  /** A payment the customer made by bank transfer, posted by staff on its value date (issue 48). */
  | 'bank-transfer'
  | 'default-fee'
  | 'refund'
  | 'write-off'
  /** Interest given back on early settlement (Consumer Credit (Early Settlement) Regulations 2004). */
  | 'rebate'
  /** Interest or fees a team-lead approved giving up (issue 48's four eyes): fees first, then interest. */
  | 'waiver'
  | 'reversal'
  /** No money: the day a new schedule starts, from which interest runs as the new schedule was priced. */
  | 'reschedule';

/** One movement of money, in pence, never changed or deleted: a correction is a `reversal` row. */
export interface LoanTransactionTable {
  id: Generated<number>;
  application_id: number;
  type: LoanTransactionType;
  /** Always positive; the type says which way it moves. */
  amount_pence: number;
  /** The business date it belongs to (for interest: the day accrued). */
  on_date: string;
  /** For a reversal, the row it cancels. */
  reverses_id: number | null;
  /** Unique: the same posting made twice (a restarted close of business) is one row. */
  reference: string;
  created_at: string;
  /** The person who made it (an Actor); null when a job posted it, which its reference names. */
  actor: string | null;
}

/** One collection attempt under the CPA, stored with its key before the card provider is called. */
export interface CpaAttemptTable {
  id: Generated<number>;
  application_id: number;
  seq: number;
  /** 1 or 2: at most two failed attempts per instalment (CONC 7.6.14). */
  attempt: number;
  on_date: string;
  idempotency_key: string;
  amount_pence: number;
  outcome: 'pending' | 'approved' | 'declined' | 'unavailable';
  z2: string | null;
  z3: string | null;
  charge_id: string | null;
  created_at: string;
  answered_at: string | null;
}

/**
 * A payment the customer makes by card (MyAccountArea/CardPayment), stored under the customer's
 * idempotency key before the card is charged (docs/decisions/025). `challenge`: waiting for the bank's
 * 3-D Secure challenge; `charging`: the card is being charged (one per loan at a time); `unavailable`:
 * the provider did not answer, asked again under the same reference.
 */
export interface LoanPaymentTable {
  id: Generated<number>;
  customer_id: number;
  application_id: number;
  idempotency_key: string;
  request_hash: string;
  kind: 'total' | 'part';
  amount_pence: number;
  card: 'file' | 'new';
  provider_trx_id: string | null;
  /** The provider's token of the card charged, sealed (null while waiting for the bank's challenge). */
  token_sealed: string | null;
  /** The last four digits of the card charged (issue 45's receipt); null while unknown, or paid before. */
  card_last4: string | null;
  state: LoanPaymentState;
  on_date: string;
  z2: string | null;
  z3: string | null;
  charge_id: string | null;
  created_at: string;
  answered_at: string | null;
}

export type LoanPaymentState = 'challenge' | 'charging' | 'unavailable' | 'approved' | 'declined';

/** A notice of withdrawal from a loan agreement (Consumer Credit Act s66A), one per loan (docs/decisions/026). */
export interface LoanWithdrawalTable {
  application_id: number;
  customer_id: number;
  /** The business date the notice was given. */
  notice_on: string;
  /** The last of the 30 days the customer has to repay the principal and its interest (s66A(9)). */
  repay_by: string;
  created_at: string;
}

/** A Breathing Space moratorium (Debt Respite Scheme) recorded by staff: 60 days, both ends included. */
export interface BreathingSpaceTable {
  id: Generated<number>;
  application_id: number;
  started_on: string;
  /** Its 60th day. */
  ends_on: string;
  /** Its last day when staff ended it early. */
  ended_on: string | null;
  created_at: string;
  ended_at: string | null;
  /** Actors (entities/audit/actor.ts): who recorded it, and who ended it early (null: not ended by anyone). */
  started_by: string;
  ended_by: string | null;
  /** 'mental-health-crisis': lasts until ended (its `ends_on` is UNTIL_ENDED, entities/loans/moratorium.ts). */
  kind: Generated<BreathingSpaceKind>;
}

export type BreathingSpaceKind = 'standard' | 'mental-health-crisis';
