import type {
  ApplicationAffordabilityTable,
  ApplicationExpenseTable,
  PreviousAddressTable,
} from '../entities/affordability/affordability-tables';
import type { ApplicationDecisionTable, ApplicationTable } from '../entities/applications/application-tables';
import type { CreditSearchTable } from '../entities/credit-searches/credit-search-tables';
import type {
  BankConnectionTable,
  BankVerificationTable,
} from '../entities/open-banking/bank-connection-tables';
import type { DecisionFindingTable } from '../entities/applications/decision/decision-findings-tables';
import type { BankAccountTable } from '../entities/bank-accounts/bank-account-tables';
import type { CardTable } from '../entities/cards/card-tables';
import type { ConsentEventTable, CustomerTable } from '../entities/customers/customer-tables';
import type { DocumentLinkTable, DocumentTable } from '../entities/documents/document-tables';
import type {
  BreathingSpaceTable,
  CpaAttemptTable,
  LoanInstalmentTable,
  LoanPaymentTable,
  LoanScheduleTable,
  LoanTable,
  LoanTransactionTable,
  LoanWithdrawalTable,
} from '../entities/loans/loan-tables';
import type { LoanPromiseTable } from '../entities/loans/promise-tables';
import type { DecisionReviewRequestTable } from '../features/underwriting/decision-review-tables';
import type { PlanIncomeCheckTable } from '../features/loan-payments/plan-check-tables';
import type {
  EmailChangeTable,
  OneTimeTokenTable,
} from '../entities/one-time-secrets/one-time-secret-tables';
import type {
  LeadEventTable,
  PartnerLeadTable,
  PartnerTable,
} from '../entities/partner-leads/partner-lead-tables';
import type { PreClaimLetterTable, PreClaimReplyTable } from '../entities/pre-claim/pre-claim-tables';
import type { LoginAttemptTable } from '../features/account/account-tables';
import type {
  BusinessDayTable,
  LoanNoticeTable,
  AnnualStatementTable,
} from '../features/close-of-business/close-of-business-tables';
import type {
  EsignCodeTable,
  EsignDocumentsServedTable,
  EsignLinkTable,
  EsignSignatureTable,
  EsignSupersededSignatureTable,
} from '../features/esign/esign-tables';
import type { ClientErrorTable } from '../features/lead-provider/lead-provider-tables';
import type { RepeatLoanRequestTable } from '../features/register/repeat-loan-tables';
import type { PayoutTable } from '../features/underwriting/payout-tables';
import type { DictionaryEntryTable } from '../lib/dictionary-tables';
import type { OutboxAttachmentTable, OutboxTable } from '../lib/outbox-tables';
import type {
  AppSettingTable,
  JobLockTable,
  LimitEventTable,
  SecurityEventTable,
} from '../lib/plumbing-tables';
import type { RefreshTokenTable, SessionFamilyTable } from '../lib/sessions/session-tables';
import type { CardCheckTable } from '../entities/cards/card-check-tables';
import type {
  StaffInvitationTable,
  StaffMemberTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
} from '../entities/staff/staff-tables';
import type { AuditEventTable } from '../entities/audit/audit-tables';
import type { LoanBatchLockTable } from '../lib/loan-batch-lock-tables';
import type { CreditReportingOutboxTable } from '../entities/credit-reporting/credit-reporting-tables';
import type { CustomerCareEntryTable, CustomerVulnerabilityTable } from '../features/staff-care/care-tables';
import type { MoneyProposalTable } from '../features/staff-money/money-proposal-tables';
import type { ComplaintTable } from '../features/staff-complaints/complaint-tables';

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
  plan_income_checks: PlanIncomeCheckTable;
  decision_review_requests: DecisionReviewRequestTable;
  credit_searches: CreditSearchTable;
  bank_connections: BankConnectionTable;
  bank_verifications: BankVerificationTable;
  repeat_loan_requests: RepeatLoanRequestTable;
  documents: DocumentTable;
  document_links: DocumentLinkTable;
  pre_claim_letters: PreClaimLetterTable;
  pre_claim_replies: PreClaimReplyTable;
  partners: PartnerTable;
  partner_leads: PartnerLeadTable;
  lead_events: LeadEventTable;
  decision_findings: DecisionFindingTable;
  card_checks: CardCheckTable;
  staff_members: StaffMemberTable;
  staff_sessions: StaffSessionTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_invitations: StaffInvitationTable;
  audit_events: AuditEventTable;
  loan_batch_locks: LoanBatchLockTable;
  credit_reporting_outbox: CreditReportingOutboxTable;
  customer_care_entries: CustomerCareEntryTable;
  customer_vulnerabilities: CustomerVulnerabilityTable;
  money_proposals: MoneyProposalTable;
  loan_promises: LoanPromiseTable;
  complaints: ComplaintTable;
  annual_statements: AnnualStatementTable;
}
