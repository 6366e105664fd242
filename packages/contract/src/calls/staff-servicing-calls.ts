import * as money from './staff-money';
import * as collections from './staff-collections';
import * as complaints from './staff-complaints';
import * as plans from './staff-plans';
import * as operations from './staff-operations';
import { call, empty, type CallDef } from './call-spec';

/**
 * The staff calls that act on loans and customers (issue 48): four eyes on money, collections, complaints,
 * plans, the operations page and staff document links. Part of `staffCalls` (staff-calls.ts).
 */
export const staffServicingCalls = {
  // Four eyes on money (issue 48 item 5): a maker proposes, a team-lead other than the maker approves or
  // rejects; only an approval posts to the ledger (and pays a refund out).
  /** The proposals of one loan, newest first, in every state. */
  moneyLoanProposals: call({
    controller: 'Money',
    action: 'LoanProposals',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: money.loanProposalsQuerySchema,
    response: money.moneyProposalsSchema,
  }),
  /** The checker's inbox, oldest first: proposals waiting for a decision, and refunds whose payout waits. */
  moneyApprovals: call({
    controller: 'Money',
    action: 'Approvals',
    method: 'GET',
    auth: { staff: 'money:approve' },
    response: money.moneyProposalsSchema,
  }),
  moneyProposeRefund: call({
    controller: 'Money',
    action: 'ProposeRefund',
    method: 'POST',
    auth: { staff: 'money:propose-refund' },
    body: money.proposeRefundBodySchema,
    response: money.moneyProposalSchema,
  }),
  moneyProposeWaiver: call({
    controller: 'Money',
    action: 'ProposeWaiver',
    method: 'POST',
    auth: { staff: 'money:propose-waiver' },
    body: money.proposeAmountBodySchema,
    response: money.moneyProposalSchema,
  }),
  moneyProposeWriteOff: call({
    controller: 'Money',
    action: 'ProposeWriteOff',
    method: 'POST',
    auth: { staff: 'money:propose-write-off' },
    body: money.proposeAmountBodySchema,
    response: money.moneyProposalSchema,
  }),
  /** Posts the proposal to the ledger (and pays a refund out); asked again, it posts and pays nothing twice. */
  moneyApprove: call({
    controller: 'Money',
    action: 'Approve',
    method: 'POST',
    auth: { staff: 'money:approve' },
    body: money.approveBodySchema,
    response: money.moneyProposalSchema,
  }),
  moneyReject: call({
    controller: 'Money',
    action: 'Reject',
    method: 'POST',
    auth: { staff: 'money:approve' },
    body: money.rejectBodySchema,
    response: money.moneyProposalSchema,
  }),
  // The collections actions on a loan (issue 48 item 5; branch staff-collections).
  /** A payment received by bank transfer, on its value date; the days since are worked out again. */
  loansPostTransfer: call({
    controller: 'Loans',
    action: 'PostTransfer',
    method: 'POST',
    auth: { staff: 'loan:payment' },
    body: collections.bankTransferBodySchema,
    response: collections.bankTransferPostedSchema,
  }),
  /** A breathing space (Debt Respite Scheme, 60 days) from today or a day the notice came late for. */
  loansStartBreathingSpace: call({
    controller: 'Loans',
    action: 'StartBreathingSpace',
    method: 'POST',
    auth: { staff: 'loan:breathing-space' },
    body: collections.breathingSpaceStartBodySchema,
    response: collections.breathingSpaceStartedSchema,
  }),
  /** Ends the breathing space today, before its 60th day. */
  loansEndBreathingSpace: call({
    controller: 'Loans',
    action: 'EndBreathingSpace',
    method: 'POST',
    auth: { staff: 'loan:breathing-space' },
    body: collections.loanGuidBodySchema,
    response: collections.breathingSpaceEndedSchema,
  }),
  /** Flags the account legal (issues the Letter of Claim), only once a default notice's remedy date passed. */
  loansFlagLegal: call({
    controller: 'Loans',
    action: 'FlagLegal',
    method: 'POST',
    auth: { staff: 'loan:legal' },
    body: collections.loanGuidBodySchema,
    response: collections.legalFlaggedSchema,
  }),
  /** A promise to pay (due date, amount); the close of business decides whether it was kept. */
  loansRecordPromise: call({
    controller: 'Loans',
    action: 'RecordPromise',
    method: 'POST',
    auth: { staff: 'loan:promise' },
    body: collections.promiseBodySchema,
    response: collections.promiseRecordedSchema,
  }),
  /** The loan's promises to pay and their outcomes. */
  loansPromises: call({
    controller: 'Loans',
    action: 'Promises',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: collections.loanIdQuerySchema,
    response: collections.promisesSchema,
  }),
  // --- staff-complaints (issue 48 item 7): the complaints register (DISP 1.6) and the complaints return.
  /** Logs a complaint and e-mails the customer its acknowledgement with the 8-week deadline. */
  complaintsLog: call({
    controller: 'Complaints',
    action: 'Log',
    method: 'POST',
    auth: { staff: 'complaint:log' },
    body: complaints.logComplaintBodySchema,
    response: complaints.complaintSchema,
  }),
  /** Open complaints with their clocks, soonest deadline first; with customerId, all of that customer's. */
  complaintsList: call({
    controller: 'Complaints',
    action: 'List',
    method: 'GET',
    auth: { staff: 'complaint:read' },
    query: complaints.complaintsQuerySchema,
    response: complaints.complaintsSchema,
  }),
  /** Closes a complaint with a summary resolution communication or a final response letter (PDF). */
  complaintsResolve: call({
    controller: 'Complaints',
    action: 'Resolve',
    method: 'POST',
    auth: { staff: 'complaint:handle' },
    body: complaints.resolveComplaintBodySchema,
    response: complaints.complaintSchema,
  }),
  /** The 8-week holding response (DISP 1.6.2R(2)) e-mailed to the customer of an open complaint. */
  complaintsHoldingResponse: call({
    controller: 'Complaints',
    action: 'HoldingResponse',
    method: 'POST',
    auth: { staff: 'complaint:handle' },
    body: complaints.holdingResponseBodySchema,
    response: complaints.complaintSchema,
  }),
  /** The final response letter as kept in the customer's documents (application/pdf); downloading it is audited. */
  complaintsLetter: call({
    controller: 'Complaints',
    action: 'Letter',
    method: 'GET',
    auth: { staff: 'complaint:read' },
    query: complaints.complaintLetterQuerySchema,
    response: empty,
    file: 'application/pdf',
  }),
  /** The complaints return's counts for a period. */
  complaintsReport: call({
    controller: 'Complaints',
    action: 'Report',
    method: 'GET',
    auth: { staff: 'complaint:read' },
    query: complaints.complaintsReportQuerySchema,
    response: complaints.complaintsReportSchema,
  }),
  // A plan in arrears without a card (issue 48 item 5, docs/decisions/069-staff-plans-forbearance.md).
  /** Agrees reduced or token payments, or a pause of collections, with the income and expenditure taken. */
  loansAgreePlan: call({
    controller: 'Loans',
    action: 'AgreePlan',
    method: 'POST',
    auth: { staff: 'loan:plan' },
    body: plans.agreePlanBodySchema,
    response: plans.planAgreedSchema,
  }),
  /** What a plan starts from: arrears, balance, the stage 3 income and expenditure, the plan standing. */
  loansPlanFigures: call({
    controller: 'Loans',
    action: 'PlanFigures',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: collections.loanIdQuerySchema,
    response: plans.planFiguresSchema,
  }),
  // The operations page (issue 48 item 9) and staff document downloads (item 4; branch staff-ops).
  /** The business date, the last close of business, outbox health and the maintenance switch. */
  operationsOverview: call({
    controller: 'Operations',
    action: 'Overview',
    method: 'GET',
    auth: { staff: 'ops:maintenance' },
    response: operations.operationsOverviewSchema,
  }),
  /** Moves the business date forward; refused in production, where it follows the London calendar. */
  operationsSetBusinessDate: call({
    controller: 'Operations',
    action: 'SetBusinessDate',
    method: 'POST',
    auth: { staff: 'ops:maintenance' },
    body: operations.setBusinessDateBodySchema,
    response: operations.businessDateSetSchema,
  }),
  /** Maintenance mode on (every customer signed out, the customer API answers 503) or off. */
  operationsSetMaintenance: call({
    controller: 'Operations',
    action: 'SetMaintenance',
    method: 'POST',
    auth: { staff: 'ops:maintenance' },
    body: operations.setMaintenanceBodySchema,
    response: operations.maintenanceSetSchema,
  }),
  operationsPartners: call({
    controller: 'Operations',
    action: 'Partners',
    method: 'GET',
    auth: { staff: 'partner:manage' },
    response: operations.partnersSchema,
  }),
  /** A lead partner and its API key, in this answer only (the server keeps its hash). */
  operationsAddPartner: call({
    controller: 'Operations',
    action: 'AddPartner',
    method: 'POST',
    auth: { staff: 'partner:manage' },
    body: operations.addPartnerBodySchema,
    response: operations.partnerAddedSchema,
  }),
  operationsRevokePartner: call({
    controller: 'Operations',
    action: 'RevokePartner',
    method: 'POST',
    auth: { staff: 'partner:manage' },
    body: operations.partnerNameBodySchema,
    response: operations.partnerRevokedSchema,
  }),
  operationsStaff: call({
    controller: 'Operations',
    action: 'Staff',
    method: 'GET',
    auth: { staff: 'staff:manage' },
    response: operations.staffMembersSchema,
  }),
  /** Invites a member: a single-use link (24 hours) goes by e-mail. */
  operationsInviteStaff: call({
    controller: 'Operations',
    action: 'InviteStaff',
    method: 'POST',
    auth: { staff: 'staff:manage' },
    body: operations.inviteStaffBodySchema,
    response: operations.staffInvitedSchema,
  }),
  /** Disables a member; their sessions end at once. */
  operationsDisableStaff: call({
    controller: 'Operations',
    action: 'DisableStaff',
    method: 'POST',
    auth: { staff: 'staff:manage' },
    body: operations.staffIdBodySchema,
    response: operations.staffDisabledSchema,
  }),
  operationsSetStaffRole: call({
    controller: 'Operations',
    action: 'SetStaffRole',
    method: 'POST',
    auth: { staff: 'staff:manage' },
    body: operations.setStaffRoleBodySchema,
    response: operations.staffRoleSetSchema,
  }),
  /** A member's live sessions. */
  operationsStaffSessions: call({
    controller: 'Operations',
    action: 'StaffSessions',
    method: 'GET',
    auth: { staff: 'staff:manage' },
    query: operations.staffIdQuerySchema,
    response: operations.staffSessionsSchema,
  }),
  operationsEndSession: call({
    controller: 'Operations',
    action: 'EndSession',
    method: 'POST',
    auth: { staff: 'staff:manage' },
    body: operations.endSessionBodySchema,
    response: operations.sessionEndedSchema,
  }),
  /** A single-use link (two minutes) to one of the customer's documents, for the caller's session only. */
  staffDocumentsLink: call({
    controller: 'StaffDocuments',
    action: 'Link',
    method: 'POST',
    auth: { staff: 'application:read' },
    body: operations.staffDocumentLinkBodySchema,
    response: operations.staffDocumentLinkSchema,
  }),
  /** The file of a link the caller was issued, once; another member's link or a used one is refused. */
  staffDocumentsDownload: call({
    controller: 'StaffDocuments',
    action: 'Download',
    method: 'GET',
    auth: { staff: 'application:read' },
    query: operations.staffDocumentGuidQuerySchema,
    response: empty,
    file: ['application/pdf', 'image/png', 'image/jpeg'],
  }),
  /**
   * Invites again a member who has not enrolled (a lost code or link, a void invitation): the open
   * invitation is withdrawn, a new link goes by e-mail and the new code is answered here once.
   */
  operationsReinviteStaff: call({
    controller: 'Operations',
    action: 'ReinviteStaff',
    method: 'POST',
    auth: { staff: 'staff:manage' },
    body: operations.staffIdBodySchema,
    response: operations.staffInvitedSchema,
  }),
} as const satisfies Record<string, CallDef>;
