import type { Generated } from 'kysely';

/**
 * Table interfaces. Portable types on both SQLite and PostgreSQL: money in integer pence, booleans as
 * 0/1 integers, dates as 'yyyy-MM-dd' text and instants as ISO-8601 UTC text.
 */
export interface Database {
  limit_events: LimitEventTable;
  dictionary_entries: DictionaryEntryTable;
  customers: CustomerTable;
  applications: ApplicationTable;
  application_decisions: ApplicationDecisionTable;
  refresh_tokens: RefreshTokenTable;
  one_time_tokens: OneTimeTokenTable;
  outbox: OutboxTable;
  client_errors: ClientErrorTable;
  cards: CardTable;
  application_affordability: ApplicationAffordabilityTable;
  application_expenses: ApplicationExpenseTable;
  application_previous_addresses: PreviousAddressTable;
  bank_accounts: BankAccountTable;
  esign_codes: EsignCodeTable;
  esign_documents_served: EsignDocumentsServedTable;
  esign_signatures: EsignSignatureTable;
  outbox_attachments: OutboxAttachmentTable;
  session_families: SessionFamilyTable;
  login_attempts: LoginAttemptTable;
  email_changes: EmailChangeTable;
  consent_events: ConsentEventTable;
  app_settings: AppSettingTable;
  esign_links: EsignLinkTable;
  security_events: SecurityEventTable;
  loans: LoanTable;
  loan_instalments: LoanInstalmentTable;
  loan_transactions: LoanTransactionTable;
  cpa_attempts: CpaAttemptTable;
  payouts: PayoutTable;
  business_days: BusinessDayTable;
  loan_notices: LoanNoticeTable;
  job_locks: JobLockTable;
  esign_superseded_signatures: EsignSupersededSignatureTable;
  loan_payments: LoanPaymentTable;
  loan_withdrawals: LoanWithdrawalTable;
  breathing_spaces: BreathingSpaceTable;
  loan_schedules: LoanScheduleTable;
  repeat_loan_requests: RepeatLoanRequestTable;
  documents: DocumentTable;
  document_links: DocumentLinkTable;
  pre_claim_letters: PreClaimLetterTable;
  pre_claim_replies: PreClaimReplyTable;
  partners: PartnerTable;
  partner_leads: PartnerLeadTable;
  lead_events: LeadEventTable;
}

export interface DictionaryEntryTable {
  dictionary: string;
  id: number;
  name: string;
  sort_order: number;
  /** Part of the shorter list a `small` query asks for (wage frequencies). */
  in_small: number;
  /** The entry fixes a repayment date (`enableDate`). */
  fixes_date: number;
  /** 1: no longer offered or accepted; kept so that stored answers keep their meaning (migration 019). */
  retired: number;
}

export interface CustomerTable extends Omit<AddressColumns, 'post_code' | 'address_str'> {
  id: Generated<number>;
  email: string;
  mobile: string;
  title_id: number;
  first_name: string;
  last_name: string;
  birth_date: string;
  password_hash: string | null;
  is_legal: number;
  /** Marketing consent per channel (docs/decisions/017); consent_events keeps its history. */
  news_by_email: number;
  news_by_sms: number;
  /** The home address (AddressColumns): a customer always has a post code and the one-line form. */
  post_code: string;
  address_str: string;
  lived_in_address_id: number | null;
  residential_status_id: number | null;
  created_at: string;
  updated_at: string;
}

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
  created_at: string;
}

/** One sign-in: its refresh tokens rotate within it, and revoking it ends the session everywhere. */
export interface SessionFamilyTable {
  id: Generated<number>;
  customer_id: number;
  created_at: string;
  revoked_at: string | null;
  /** 'sign-out', 'reuse' (a swapped refresh token came back), 'maintenance', 'password-changed'... */
  revoked_reason: string | null;
  /** When this session last proved the password (sign-in, ConfirmPassword); null if it never did. */
  password_at: string | null;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  customer_id: number;
  family_id: number | null;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  /** When it was swapped for the next one: presenting it again revokes its family. */
  used_at: string | null;
  /** The pair that swap made, sealed: a second tab's swap within seconds gets it again (decision 020). */
  successor_sealed: string | null;
  revoked_at: string | null;
  created_at: string;
}

/**
 * A login attempt: 'pending' while its password is checked, then 'failure' or 'success'; 'locked' is the
 * lock itself (after 5 failures) and 'refused' an attempt made while it lasted.
 */
export interface LoginAttemptTable {
  id: Generated<number>;
  customer_id: number | null;
  ip_address: string;
  outcome: 'pending' | 'failure' | 'success' | 'locked' | 'refused';
  created_at: string;
}

/** A new e-mail address waiting for its verification link (only the link's hash). */
export interface EmailChangeTable {
  id: Generated<number>;
  customer_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ConsentEventTable {
  id: Generated<number>;
  customer_id: number;
  channel: 'email' | 'sms';
  given: number;
  /** Where it was given or withdrawn: 'stage1', 'partner-lead' (always withheld), 'account'. */
  source: string;
  created_at: string;
}

/** Settings staff change while the service runs (maintenance mode). */
export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface OneTimeTokenTable {
  id: Generated<number>;
  customer_id: number;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  to_address: string;
  subject: string | null;
  text: string;
  html: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  /** The message's one-time tokens, sealed with DATA_KEY, until it is delivered or given up (lib/outbox). */
  sealed_secrets: string | null;
  /** Until when a delivery round has this message to itself (lib/outbox: no two processes send it). */
  claimed_until: string | null;
  /** Which round claimed it: its marking of the message sent or failed holds only while it is the one. */
  claimed_by: string | null;
}

export interface ClientErrorTable {
  id: Generated<number>;
  url: string;
  prev_url: string | null;
  message: string;
  user_agent: string | null;
  created_at: string;
}

/** The columns of a stored address; a table may prefix them (`billing_`). */
export interface AddressColumns {
  post_code: string | null;
  county: string | null;
  town: string | null;
  street: string | null;
  building: string | null;
  house_number: string | null;
  flat_no: string | null;
  address_str: string | null;
}

type Prefixed<P extends string, T> = { [K in keyof T as `${P}${K & string}`]: T[K] };

/** A card the provider confirmed: its token sealed (DATA_KEY), never the number or the security code. */
export interface CardTable extends Prefixed<'billing_', AddressColumns> {
  id: Generated<number>;
  customer_id: number;
  application_id: number | null;
  provider_token_sealed: string;
  provider_trx_id: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  billing_is_home: number;
  created_at: string;
}

/** Stage 3's answers and the assessment made from them, in pence a month. */
export interface ApplicationAffordabilityTable {
  application_id: number;
  residential_status_id: number;
  lived_in_address_id: number;
  marital_status_id: number;
  employment_type_id: number;
  employment_industry_id: number;
  employer_name: string;
  employment_length_months: number | null;
  loan_purpose_id: number;
  net_income_pence: number;
  expenses_pence: number;
  instalment_pence: number;
  buffer_pence: number;
  approved: number;
  created_at: string;
}

export interface ApplicationExpenseTable {
  application_id: number;
  category: string;
  monthly_pence: number;
}

export interface PreviousAddressTable extends AddressColumns {
  application_id: number;
  created_at: string;
}

/** Sort code and account number sealed with DATA_KEY (AES-256-GCM). */
export interface BankAccountTable {
  id: Generated<number>;
  customer_id: number;
  application_id: number | null;
  sort_code_sealed: string;
  account_number_sealed: string;
  created_at: string;
}

/**
 * An SMS code or e-mail verification link sent for e-sign: only its hash (an HMAC under DATA_KEY for the
 * six-digit code). The newest row of a channel is the live one; a resend adds a row.
 */
export interface EsignCodeTable {
  id: Generated<number>;
  application_id: number;
  /** `lead`: a lead landing's proof-of-identity code (issue 45), limited as the SMS code. */
  channel: 'sms' | 'email' | 'lead';
  secret_hash: string;
  expires_at: string;
  /** Tries made with an SMS code (docs/decisions/016: at most 5). */
  tries: number;
  used_at: string | null;
  created_at: string;
}

/** The hash of the three agreements as GetEsign served them: a signature must match one of them. */
export interface EsignDocumentsServedTable {
  application_id: number;
  documents_sha256: string;
  priced_on: string;
  created_at: string;
}

/** The signature: when, from where, what was shown (hash) and the signed PDF kept as the lender's copy. */
export interface EsignSignatureTable {
  application_id: number;
  signed_at: string;
  ip_address: string;
  user_agent: string;
  documents_sha256: string;
  pdf_sha256: string;
  pdf_base64: string;
}

export interface OutboxAttachmentTable {
  id: Generated<number>;
  outbox_id: number;
  file_name: string;
  content_type: string;
  content_base64: string;
}

/**
 * The signing link's own secret (docs/decisions/020): `email` for the link in the e-sign e-mail (a resend
 * replaces it), `browser` for one handed to a signed-in applicant's browser as it goes to e-sign.
 */
export interface EsignLinkTable {
  id: Generated<number>;
  application_id: number;
  origin: 'email' | 'browser';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** What security staff read (`ops security-events`): never a password, code, token or link secret. */
export interface SecurityEventTable {
  id: Generated<number>;
  type: string;
  customer_id: number | null;
  ip_address: string | null;
  detail: string | null;
  created_at: string;
}

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
  created_at: string;
}

export type LoanScheduleKind = 'reschedule' | 'refinance' | 'forbearance';

export type LoanTransactionType =
  | 'advance'
  | 'interest'
  | 'instalment'
  | 'card-payment'
  | 'default-fee'
  | 'refund'
  | 'write-off'
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
  state: LoanPaymentState;
  on_date: string;
  z2: string | null;
  z3: string | null;
  charge_id: string | null;
  created_at: string;
  answered_at: string | null;
}

export type LoanPaymentState = 'challenge' | 'charging' | 'unavailable' | 'approved' | 'declined';

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

export interface JobLockTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** A signature whose agreement a counter-offer replaced: kept as signed, with when and why. */
export interface EsignSupersededSignatureTable extends EsignSignatureTable {
  id: Generated<number>;
  superseded_at: string;
  reason: string;
}

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
}

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

/**
 * A document a customer can open (issue 28, docs/decisions/028): an upload or a letter kept in the
 * document store under a random `storage_key` (encrypted), a signed agreement read from its signature, or
 * the summary of borrowing made on the day it is opened.
 */
export interface DocumentTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'agreement' | 'summary' | 'letter' | 'reply' | 'upload';
  /** An upload's category (dictionary 30, documentCategories); null for the lender's documents. */
  category_id: number | null;
  title: string;
  application_id: number | null;
  /** 'agreement:<application>', 'summary:<customer>': the lender's documents made when first listed. */
  reference: string | null;
  storage_key: string | null;
  /** Found from the content (an upload) or known (a PDF the lender makes); never the browser's claim. */
  content_type: string;
  size_bytes: number | null;
  sha256: string | null;
  /** The business date it was made or uploaded. */
  created_on: string;
  created_at: string;
  deleted_at: string | null;
}

/** A single-use download link: the guid's SHA-256, five minutes. */
export interface DocumentLinkTable {
  id: Generated<number>;
  document_id: number;
  customer_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type PreClaimLetterState = 'open' | 'replied' | 'closed';

/** A Letter of Claim (Pre-Action Protocol for Debt Claims), its figures from the ledger on its day. */
export interface PreClaimLetterTable {
  id: Generated<number>;
  customer_id: number;
  application_id: number;
  issued_on: string;
  reply_by: string;
  amount_pence: number;
  interest_continues: number;
  daily_interest_pence: number;
  document_id: number;
  state: PreClaimLetterState;
  closed_on: string | null;
  closed_reason: string | null;
  created_at: string;
}

/** The Reply Form's answers staff act on; the customer's words are in its PDF (`document_id`). */
export interface PreClaimReplyTable {
  id: Generated<number>;
  letter_id: number;
  customer_id: number;
  submitted_on: string;
  owes: 'all' | 'part' | 'none';
  part_amount_pence: number | null;
  wants_documents: number;
  proposes_instalments: number;
  instalment_pence: number | null;
  seeking_advice: number;
  no_claim_before: string;
  document_id: number;
  statement_document_id: number | null;
  created_at: string;
}

/** A partner that sends leads (issue 29); its key is kept as a SHA-256 only. */
export interface PartnerTable {
  id: Generated<number>;
  name: string;
  /** The provider tier its leads are priced at (PROVIDER_TIERS), or null for the standard price. */
  tier_name: string | null;
  key_hash: string;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}

/** A lead as a partner sent it and as we answered it, with its landing. */
export interface PartnerLeadTable {
  id: Generated<number>;
  partner_id: number;
  partner_lead_id: string;
  /** 'accepted' or 'declined'. */
  decision: string;
  /** A declined lead's reason code (LeadDeclineReason); null when accepted. */
  reason: string | null;
  application_id: number | null;
  stage3_json: string | null;
  landing_expires_at: string | null;
  landed_at: string | null;
  landing_session_hash: string | null;
  landing_proven_at: string | null;
  submitted_at: string | null;
  created_at: string;
}

/** A landing page event (spec section 4): loaded, scrolled, customerFilled, paymentFilled, tracking. */
export interface LeadEventTable {
  id: Generated<number>;
  lead_id: number;
  session_id: string;
  event_id: number;
  data: string | null;
  created_at: string;
}

/** One counted event of a rate limit (lib/rate-limiter.ts): its key only as a keyed hash. */
export interface LimitEventTable {
  id: Generated<number>;
  /** Which limit: 'login-address', 'stage1-contact'... */
  scope: string;
  /** HMAC-SHA256 of the key (a caller's address, an e-mail address, a customer id) under DATA_KEY. */
  key_hash: string;
  /** Epoch milliseconds at which the event leaves its window. */
  expires_at_ms: number;
}
