import crypto from 'node:crypto';
import type { CallName } from '@lender/contract/api-calls';
import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import { createStage1Payload, workingDayAhead } from '../stage1-payload';

/**
 * One valid input per call, as a client would send it: the JSON body of a body call, the query of a
 * query call (strings, as they travel). The bad-input generators mutate these so that most malformed
 * requests are *nearly* valid and reach the deeper checks; the access-control test sends them so that the
 * token is the only thing wrong. `examples.test` keeps each one valid against its call's schema, so a
 * contract change that outdates one fails loudly instead of quietly weakening the generators.
 *
 * A call without an entry still gets fuzzed, from its schema alone.
 */
export type Example = { body?: unknown; query?: Record<string, string> };

const guid = () => crypto.randomUUID();
const nextYear = () => Number(londonToday().slice(0, 4)) + 1;

const card = () => ({
  nameOnCard: 'Jane Doe',
  cardNumber: '4111 1111 1111 1111',
  securityCode: '123',
  endMonth: 11,
  endYear: nextYear(),
});
const cardSummary = () => {
  const { nameOnCard, endMonth, endYear } = card();
  return { nameOnCard, endMonth, endYear };
};
/** The address fields of the stage1 factory's applicant, so one address serves every example. */
const homeAddress = () => {
  const { autoAddress, postCode, county, town, street, building, houseNumber, flatNo, address, country } =
    createStage1Payload();
  return { autoAddress, postCode, county, town, street, building, houseNumber, flatNo, address, country };
};
const finData = () => ({
  ...Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 100])),
  loanPurposeID: 1,
});
const employment = () => ({
  employmentTypeID: 1,
  employmentIndustryID: 1,
  employmentName: 'Acme Ltd',
  employmentLength: 24,
});
const bank = () => ({ sortCode: '12-34-56', bankAccountNumber: '12345678' });
const quote = () => ({ period: 3, amount: 300, repaymentDate: workingDayAhead(10), wageFrequencyID: 9 });

const builders: Partial<Record<CallName, () => Example>> = {
  getDictionaries: () => ({ body: { queries: [{ key: 'titles' }, { key: 1, params: 'small' }] } }),
  submitStage1: () => ({ body: createStage1Payload() }),
  calculateQuote: () => ({ body: quote() }),
  acceptQuote: () => ({ body: quote() }),
  submitStage2: () => ({
    body: {
      creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
      address: null,
      pKey: 'a-provider-key',
      trxId: 'a-provider-transaction',
      isSignature: true,
    },
  }),
  submitStage3: () => ({
    body: {
      residentalStatusID: 1,
      liveInAddressID: 5,
      maritalStatusID: 1,
      employmentDetail: employment(),
      finData: finData(),
      previousAddress: null,
      confirmation: true,
    },
  }),
  submitStage4: () => ({ body: bank() }),
  submitStage5: () => ({
    body: { smsCode: '1234', termsAccepted: true, understodInfo: true, guid: guid() },
  }),
  getEsign: () => ({ query: { guid: guid() } }),
  getEmailVerificationLinkStatus: () => ({ query: { guid: guid() } }),
  sendVerificationSms: () => ({ body: guid() }),
  sendVerificationAndUniqueUrlEmail: () => ({ body: guid() }),
  checkEmailVerification: () => ({ query: { guid: guid(), verification: 'abc123' } }),
  repeatLoan: () => ({
    body: {
      amount: 300,
      duration: 3,
      wageFrequencyID: 9,
      repaymentDate: workingDayAhead(10),
      netPay: 2200,
      livedInAddressID: 5,
      residentalStatusID: 1,
      person: { mobile: '07123456789', email: 'jane@example.com', birthDate: '1990-05-01' },
      financialData: finData(),
      bankDetails: bank(),
      // A new card the provider checked (decision 014): never its number or security code.
      useExistingCard: false,
      creditCard: { creditCard: cardSummary(), address: null },
      pKey: 'a-provider-key',
      trxId: 'a-provider-transaction',
      isSignature: true,
      employmentDetail: employment(),
      currentAddress: homeAddress(),
      previousAddress: null,
      idempotencyKey: guid(),
    },
  }),
  leadLanded: () => ({ query: { guid: guid() } }),
  leadGetQuote: () => ({
    query: {
      guid: guid(),
      period: '3',
      amount: '300',
      repaymentDate: workingDayAhead(10),
      wageFrequencyID: '9',
    },
  }),
  submitLandedLead: () => ({
    body: {
      ...quote(),
      guid: guid(),
      creditCard: cardSummary(),
      address: null,
      pKey: 'a-provider-key',
      trxId: 'a-transaction',
      isSignature: true,
    },
  }),
  sendLandingCode: () => ({ body: { guid: guid(), via: 'sms' } }),
  verifyLandingCode: () => ({ body: { guid: guid(), code: '123456' } }),
  leadLandedEvent: () => ({ body: { providerID: 'partner', eventID: 1, sessionID: 's-1', data: null } }),
  reportError: () => ({
    body: { url: 'http://localhost:3000/loan', prevUrl: null, message: 'boom', userAgent: 'vitest' },
  }),
  login: () => ({ body: { userName: 'jane@example.com', password: 'Secret123' } }),
  refreshToken: () => ({ body: crypto.randomBytes(32).toString('base64url') }),
  logout: () => ({ body: crypto.randomBytes(32).toString('base64url') }),
  confirmEmailChange: () => ({ body: crypto.randomBytes(32).toString('base64url') }),
  changePassword: () => ({ body: { oldPassword: 'Secret123', newPassword: 'Secret456' } }),
  confirmPassword: () => ({ body: { password: 'Secret123' } }),
  changeEmail: () => ({ body: 'new.address@example.com' }),
  forgotPassword: () => ({ body: 'jane@example.com' }),
  changePasswordByGuid: () => ({
    body: { guid: crypto.randomBytes(16).toString('hex'), newPassword: 'Secret456' },
  }),
  changeMobile: () => ({ body: '07123456789' }),
  changeAddress: () => ({
    body: { livedInAddressID: 5, residentalStatusID: 1, autoAddress: true, address: homeAddress() },
  }),
  changeContactPreference: () => ({ body: { newsByEmail: true, newsBySms: false } }),
  // A card the provider checked: never its number or security code (issue 27, decision 014).
  addCreditCard: () => ({
    body: { creditCard: cardSummary(), address: null, pKey: 'key', trxId: 'trx', isSignature: true },
  }),
  cardPayment: () => ({ body: { amount: 10, useExistingCard: true, idempotencyKey: guid() } }),
  calculate: () => ({ body: { frequencyID: 1, duration: 2, repayDate: workingDayAhead(10), amount: null } }),
  planCost: () => ({ body: { frequencyID: 1, duration: 2, repayDate: workingDayAhead(10), amount: null } }),
  reSchedule: () => ({
    body: {
      frequencyID: 1,
      duration: 2,
      repayDate: workingDayAhead(10),
      amount: null,
      idempotencyKey: guid(),
    },
  }),
  downloadSob: () => ({ query: { token: 'abc' } }),
  downloadSettlement: () => ({ query: { token: 'abc' } }),
  downloadStatement: () => ({ query: { token: 'abc' } }),
  // A multipart call: `body` holds its text fields as the server reads them; the file goes beside them.
  uploadDocument: () => ({ body: { documentCategoryID: 1 } }),
  deleteDocument: () => ({ query: { documentSourceID: '1' } }),
  getDownloadLink: () => ({ query: { documentSourceID: '1' } }),
  downloadDocument: () => ({ query: { documentGuid: guid() } }),
  submitPreClaimReply: () => ({
    body: {
      owes: 'part',
      partAmount: 150.5,
      disputeReason: 'I paid the first instalment by bank transfer.',
      wantsDocuments: true,
      documentsWanted: 'A statement of my account.',
      proposesInstalments: true,
      instalmentAmount: 20,
      seekingAdvice: false,
      adviserName: null,
      financialStatement: {
        dependants: 0,
        income: { wages: 1200, partnerWages: 0, benefits: 0, pension: 0, otherIncome: 0 },
        outgoings: Object.fromEntries(Object.keys(EXPENSE_LIMITS).map((k) => [k, 50])),
      },
    },
  }),
  addressFind: () => ({ query: { postCode: 'SW1A 2AA' } }),
  // The staff console (issue 48): an application nobody has, so a probe changes nothing.
  underwritingHold: () => ({ body: { applicationGuid: guid() } }),
  underwritingRelease: () => ({ body: { applicationGuid: guid() } }),
  underwritingApplication: () => ({ query: { guid: guid() } }),
  underwritingDecide: () => ({
    body: { applicationGuid: guid(), decision: 'decline', reason: 'Income could not be verified.' },
  }),
  underwritingAskForDocument: () => ({
    body: { applicationGuid: guid(), document: 'proofOfIdentity', note: 'Your passport, please.' },
  }),
  auditEvents: () => ({
    query: { from: '2031-01-01', to: '2031-01-31', actor: 'ops', customerId: '1', action: 'maintenance-on' },
  }),
  auditExport: () => ({ query: { from: '2031-01-01', to: '2031-01-31', actor: 'ops' } }),
  addressRetrieve: () => ({ query: { id: 'GB|RM|A|1' } }),
  // The staff console's sign-in (issue 48): well formed, but no such invitation or member.
  staffInvitation: () => ({ query: { token: 'A'.repeat(43) } }),
  staffAcceptInvitation: () => ({
    body: {
      token: 'A'.repeat(43),
      invitationCode: 'K7PM-4XQR',
      password: 'Kestrel-Staff-42',
      code: '123456',
    },
  }),
  staffLogin: () => ({ body: { email: 'nobody@example.com', password: 'Kestrel-Staff-42', code: '123456' } }),
  // Staff search and records (issue 48 items 3 to 5): well formed; the caller has no staff session.
  customersSearch: () => ({ query: { q: 'nobody@example.com' } }),
  customersCustomer: () => ({ query: { customerId: '1' } }),
  customersLoan: () => ({ query: { loanId: '1' } }),
  // Notes, contacts, the worklist and vulnerability (issue 48 items 4, 6 and 8): well formed, no session.
  careLog: () => ({ query: { customerId: '1', loanId: '1' } }),
  careAddNote: () => ({ body: { customerId: 1, loanId: 1, text: 'Asked about repaying early.' } }),
  careAddContact: () => ({
    body: {
      customerId: 1,
      loanId: null,
      channel: 'phone',
      direction: 'outbound',
      outcome: 'leftMessage',
      text: 'Asked to call back.',
    },
  }),
  collectionsWorklist: () => ({ query: { bucket: '8-30' } }),
  vulnerabilityOfCustomer: () => ({ query: { customerId: '1' } }),
  vulnerabilityRecord: () => ({
    body: {
      customerId: 1,
      characteristic: 'lifeEvent',
      note: 'Bereavement last month.',
      healthConsent: false,
      adjustments: 'No calls before 10am.',
      reviewOn: '2031-01-31',
    },
  }),
  vulnerabilityEnd: () => ({ body: { vulnerabilityId: 1, reason: 'Back in work since May.' } }),
  // Four eyes on money (issue 48 item 5): well formed; the caller has no staff session.
  moneyLoanProposals: () => ({ query: { loanId: '1' } }),
  moneyProposeRefund: () => ({
    body: { loanId: 1, amountPence: 2_500, reason: 'Collected twice', paymentId: null },
  }),
  moneyProposeWaiver: () => ({ body: { loanId: 1, amountPence: 1_500, reason: 'Hardship: fee waived' } }),
  moneyProposeWriteOff: () => ({ body: { loanId: 1, amountPence: 10_000, reason: 'Deceased, no estate' } }),
  moneyApprove: () => ({ body: { proposalId: 1 } }),
  moneyReject: () => ({ body: { proposalId: 1, reason: 'The customer asked to keep the credit.' } }),
  // Collections actions on a loan (issue 48 item 5; branch staff-collections).
  loansPostTransfer: () => ({
    body: { loanId: 1, amount: '120.50', valueDate: '2031-01-02', reference: 'FP 123456' },
  }),
  loansStartBreathingSpace: () => ({ body: { applicationGuid: guid(), from: '2031-01-02' } }),
  loansEndBreathingSpace: () => ({ body: { applicationGuid: guid() } }),
  loansFlagLegal: () => ({ body: { applicationGuid: guid() } }),
  loansRecordPromise: () => ({ body: { loanId: 1, amount: '50', dueDate: '2031-01-09' } }),
  loansPromises: () => ({ query: { loanId: '1' } }),
  // staff-complaints (issue 48 item 7).
  complaintsLog: () => ({
    body: {
      customerId: 1,
      loanId: null,
      channel: 'phone',
      category: 'feesCharges',
      receivedOn: '2026-01-05',
      summary: 'Charged a late fee after paying on time.',
    },
  }),
  complaintsList: () => ({ query: { customerId: '1' } }),
  complaintsResolve: () => ({
    body: {
      complaintId: 1,
      outcome: 'upheld',
      rootCause: 'Payment allocated a day late.',
      reasons: 'The payment reached us on the due date.',
      redressPence: 1500,
      response: 'final',
    },
  }),
  complaintsReport: () => ({ query: { from: '2026-01-01', to: '2026-06-30' } }),
  complaintsLetter: () => ({ query: { complaintId: '1' } }),
  complaintsHoldingResponse: () => ({
    body: { complaintId: 1, why: 'We are waiting for our card provider.', expectedBy: '2031-03-31' },
  }),
  // A plan in arrears without a card (issue 48 item 5; branch staff-plans).
  loansAgreePlan: () => ({
    body: {
      loanId: 1,
      kind: 'payments',
      paymentPence: 2500,
      months: 6,
      firstDate: '2031-01-09',
      income: {
        monthlyIncomePence: 150000,
        housingPence: 60000,
        billsPence: 20000,
        creditPence: 5000,
        livingPence: 60000,
        otherPence: 0,
      },
      reason: 'Card blocked; pays by transfer.',
    },
  }),
  loansPlanFigures: () => ({ query: { loanId: '1' } }),
  // The operations page and staff document links (issue 48 items 9 and 4; branch staff-ops): well formed;
  // maintenance stays off, members and partners unknown, so a probe changes nothing others rely on.
  operationsSetBusinessDate: () => ({ body: { date: '2020-01-01' } }),
  operationsSetMaintenance: () => ({ body: { on: false } }),
  operationsAddPartner: () => ({ body: { name: `Probe ${guid()}`, tierName: null } }),
  operationsRevokePartner: () => ({ body: { name: 'No such partner' } }),
  operationsInviteStaff: () => ({
    body: { email: `probe.${guid()}@example.com`, role: 'agent', displayName: null },
  }),
  operationsDisableStaff: () => ({ body: { staffId: 99_999_999 } }),
  operationsSetStaffRole: () => ({ body: { staffId: 99_999_999, role: 'agent' } }),
  operationsStaffSessions: () => ({ query: { staffId: '99999999' } }),
  operationsEndSession: () => ({ body: { sessionId: 99_999_999 } }),
  staffDocumentsLink: () => ({ body: { customerId: 1, documentId: 99_999_999 } }),
  staffDocumentsDownload: () => ({ query: { documentGuid: guid() } }),
  // The staff invitation code (docs/decisions/071; branch staff-invite): well formed, no such invitation
  // or member, so a probe counts no try and invites no one.
  staffInvitationCode: () => ({ body: { token: 'A'.repeat(43), invitationCode: 'K7PM-4XQR' } }),
  operationsReinviteStaff: () => ({ body: { staffId: 99_999_999 } }),
  // Open banking (issue 49): the sandbox bank's consent is asked for (a connection awaiting the prober's
  // own approval, nobody else's); no such state or connection for the others, so they change nothing.
  startBankConnection: () => ({ body: { bankId: 'sandbox-bank', returnTo: 'repeatLoan' } }),
  completeBankConnection: () => ({ body: { state: 'A'.repeat(43), code: 'probe-code' } }),
  getBankVerification: () => ({ query: { for: 'repeatLoan' } }),
  revokeBankConnection: () => ({ body: { connectionGuid: guid() } }),
};

/** A fresh valid example for the call (new guids and e-mails each time), or undefined if none is kept. */
export const exampleFor = (name: CallName): Example | undefined => builders[name]?.();

export const callsWithExamples = () => Object.keys(builders) as CallName[];
