import * as staff from './staff';
import * as care from './staff-care';
import { call, empty, type CallDef } from './call-spec';
import { staffServicingCalls } from './staff-servicing-calls';

/** The staff API (issue 44): under /api/staff/, behind a staff session and a permission. */
export const staffCalls = {
  // Sign-in (issue 48): public, as no session exists yet, but under /api/staff/ with the rest.
  staffInvitation: call({
    controller: 'StaffAuth',
    action: 'Invitation',
    method: 'GET',
    auth: 'public',
    area: 'staff',
    query: staff.staffInvitationQuerySchema,
    response: staff.staffInvitationSchema,
  }),
  staffAcceptInvitation: call({
    controller: 'StaffAuth',
    action: 'AcceptInvitation',
    method: 'POST',
    auth: 'public',
    area: 'staff',
    body: staff.staffAcceptInvitationSchema,
    response: staff.staffRecoveryCodesSchema,
  }),
  /**
   * The invitation code the administrator gave (docs/decisions/071): the right one shows who is invited
   * and the secret to enrol; a wrong one counts, and the fifth makes the invitation void.
   */
  staffInvitationCode: call({
    controller: 'StaffAuth',
    action: 'InvitationCode',
    method: 'POST',
    auth: 'public',
    area: 'staff',
    body: staff.staffInvitationCodeSchema,
    response: staff.staffInvitationShownSchema,
  }),
  staffLogin: call({
    controller: 'StaffAuth',
    action: 'Login',
    method: 'POST',
    auth: 'public',
    area: 'staff',
    // Failed sign-ins per caller address (LOGIN_FAILURES_PER_ADDRESS in 15 minutes), as customers'.
    rateLimited: true,
    body: staff.staffLoginSchema,
    response: staff.staffMeSchema,
  }),
  staffLogout: call({
    controller: 'StaffAuth',
    action: 'Logout',
    method: 'POST',
    auth: { staff: 'any' },
    response: empty,
  }),
  staffMe: call({
    controller: 'Staff',
    action: 'Me',
    method: 'GET',
    auth: { staff: 'any' },
    response: staff.staffMeSchema,
  }),
  underwritingQueue: call({
    controller: 'Underwriting',
    action: 'Queue',
    method: 'GET',
    auth: { staff: 'application:decide' },
    response: staff.underwritingQueueSchema,
  }),
  /** The Referrals queue (issue 48): referred applications and requests for a human review. */
  underwritingReferrals: call({
    controller: 'Underwriting',
    action: 'Referrals',
    method: 'GET',
    auth: { staff: 'application:decide' },
    response: staff.referralsSchema,
  }),
  /** Takes a referral to work on it; refused while another underwriter holds it. */
  underwritingHold: call({
    controller: 'Underwriting',
    action: 'Hold',
    method: 'POST',
    auth: { staff: 'application:decide' },
    body: staff.applicationGuidBodySchema,
    response: staff.holdSchema,
  }),
  /** Lets go of a referral the caller holds, for another underwriter. */
  underwritingRelease: call({
    controller: 'Underwriting',
    action: 'Release',
    method: 'POST',
    auth: { staff: 'application:decide' },
    body: staff.applicationGuidBodySchema,
    response: staff.holdSchema,
  }),
  /** The application workbench; opening it is written to the audit. */
  underwritingApplication: call({
    controller: 'Underwriting',
    action: 'Application',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: staff.applicationGuidQuerySchema,
    response: staff.workbenchSchema,
  }),
  underwritingDecide: call({
    controller: 'Underwriting',
    action: 'Decide',
    method: 'POST',
    auth: { staff: 'application:decide' },
    body: staff.decideBodySchema,
    response: staff.decidedSchema,
  }),
  underwritingAskForDocument: call({
    controller: 'Underwriting',
    action: 'AskForDocument',
    method: 'POST',
    auth: { staff: 'application:decide' },
    body: staff.askForDocumentBodySchema,
    response: staff.documentAskedSchema,
  }),
  /** The audit of staff acts, for compliance: filtered, newest first, capped. */
  auditEvents: call({
    controller: 'Audit',
    action: 'Events',
    method: 'GET',
    auth: { staff: 'audit:read' },
    query: staff.auditFilterSchema,
    response: staff.auditEventsSchema,
  }),
  /** The same rows as CSV (text/csv), cells escaped against formula injection. */
  auditExport: call({
    controller: 'Audit',
    action: 'Export',
    method: 'GET',
    auth: { staff: 'audit:read' },
    query: staff.auditFilterSchema,
    response: empty,
    file: 'text/csv',
  }),
  /** Search for a customer by name (and date of birth), e-mail, mobile, postcode, application or loan. */
  customersSearch: call({
    controller: 'Customers',
    action: 'Search',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: staff.customerSearchQuerySchema,
    response: staff.customerSearchSchema,
  }),
  /** A customer's record, read-only; opening it is written to the audit. */
  customersCustomer: call({
    controller: 'Customers',
    action: 'Customer',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: staff.customerIdQuerySchema,
    response: staff.staffCustomerSchema,
  }),
  /** A loan: schedule, ledger with a running balance, payments, notices, holds; opening it is audited. */
  customersLoan: call({
    controller: 'Customers',
    action: 'Loan',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: staff.loanIdQuerySchema,
    response: staff.staffLoanSchema,
  }),
  // --- staff-care (issue 48 items 4, 6 and 8): notes and contacts, the collections worklist, vulnerability.
  /** The customer's notes and contacts, newest first; with loanId, those naming that loan. */
  careLog: call({
    controller: 'Care',
    action: 'Log',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: care.careLogQuerySchema,
    response: care.careLogSchema,
  }),
  /** Adds a note (append-only: there is no call that changes or removes one). */
  careAddNote: call({
    controller: 'Care',
    action: 'AddNote',
    method: 'POST',
    auth: { staff: 'customer:note' },
    body: care.addNoteBodySchema,
    response: care.careEntrySchema,
  }),
  /** Records a contact with the customer: channel, direction, outcome and a note (append-only). */
  careAddContact: call({
    controller: 'Care',
    action: 'AddContact',
    method: 'POST',
    auth: { staff: 'customer:note' },
    body: care.addContactBodySchema,
    response: care.careEntrySchema,
  }),
  /** Loans in arrears by bucket of days past due, with the last contact, next action and holds. */
  collectionsWorklist: call({
    controller: 'Collections',
    action: 'Worklist',
    method: 'GET',
    auth: { staff: 'collections:worklist' },
    query: care.worklistQuerySchema,
    response: care.worklistSchema,
  }),
  /** A customer's vulnerabilities (FG21/1); reading them is audited. */
  vulnerabilityOfCustomer: call({
    controller: 'Vulnerability',
    action: 'OfCustomer',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: staff.customerIdQuerySchema,
    response: care.customerVulnerabilitiesSchema,
  }),
  vulnerabilityRecord: call({
    controller: 'Vulnerability',
    action: 'Record',
    method: 'POST',
    auth: { staff: 'customer:note' },
    body: care.recordVulnerabilityBodySchema,
    response: care.vulnerabilitySchema,
  }),
  vulnerabilityEnd: call({
    controller: 'Vulnerability',
    action: 'End',
    method: 'POST',
    auth: { staff: 'customer:note' },
    body: care.endVulnerabilityBodySchema,
    response: care.vulnerabilitySchema,
  }),
  /** Open vulnerabilities whose review is due within 7 days or overdue, soonest first. */
  vulnerabilityReviewsDue: call({
    controller: 'Vulnerability',
    action: 'ReviewsDue',
    method: 'GET',
    auth: { staff: 'customer:note' },
    response: care.reviewsDueSchema,
  }),
  ...staffServicingCalls,
} as const satisfies Record<string, CallDef>;
