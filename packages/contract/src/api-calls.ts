import { z } from 'zod';
import * as account from './calls/account';
import * as address from './calls/address';
import * as doc from './calls/document';
import * as lead from './calls/lead-provider';
import * as my from './calls/my-account-area';
import * as preClaim from './calls/pre-claim';
import * as reg from './calls/register';
import { appStatusSchema, guidField, tokenPairSchema } from './calls/shared';
import { getDictionariesRequestSchema, getDictionariesResponseSchema } from './dictionaries';

/**
 * One call of spec section 7 (plus the address lookup): where it lives, who may call it, and its schemas.
 * The API registers a route per entry and validates with the schemas; the web app receives only the
 * route facts (`callRoutes`), as data made at build time, so the browser never ships these schemas.
 */
type CallSpec = {
  controller: string;
  action: string;
  method: 'GET' | 'POST';
  /**
   * `session`: a bearer token is required. `signing`: the e-sign page's calls, which need the signing
   * link's token in the `X-Signing-Token` header (docs/decisions/020); the guid alone opens nothing.
   */
  auth: 'public' | 'session' | 'signing';
  /** The spec marks these: an HTTP failure does not navigate to /error. */
  skipDefaultErrorHandling?: boolean;
  /** Past its limit the call answers HTTP 429 with a Retry-After header (a resend, a sign-in). */
  rateLimited?: boolean;
  /** The `object` of its 429 answer, when it says more than Retry-After (the resends' wait); else null. */
  tooManyObject?: z.ZodType;
  /**
   * The lead landing's cookie (`LANDING_COOKIE`, docs/decisions/030): the call that lands a lead sets it;
   * the submit needs it (and clears it once decided). The browser sends it by itself (HttpOnly).
   */
  landingCookie?: 'sets' | 'requires';
  /** A JSON body, a multipart/form-data body or a query string; a call has at most one of them. */
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * A multipart/form-data body (issue 28: an upload): the schema of its text fields, the one field that
   * carries the file, and the file's size limit (a larger one is cut off as it streams in).
   */
  multipart?: MultipartSpec;
  response: z.ZodType;
  /**
   * A call whose success is a file rather than JSON (a refusal is still JSON): its media type, or the
   * media types it may have (an upload is served with the type its content was found to be).
   */
  file?: FileMediaType | readonly FileMediaType[];
};

export type FileMediaType = 'application/pdf' | 'image/png' | 'image/jpeg';
export type MultipartSpec = { fields: z.ZodType; file: string; maxFileBytes: number };

/** Where the input travels, derived from the schemas so it cannot disagree with them. */
type InputOf<T> = T extends { body: z.ZodType }
  ? 'body'
  : T extends { multipart: MultipartSpec }
    ? 'multipart'
    : T extends { query: z.ZodType }
      ? 'query'
      : 'none';

export type CallDef = CallSpec & { input: 'body' | 'multipart' | 'query' | 'none' };

const call = <
  const T extends CallSpec & { body?: z.ZodType } & ({ body?: undefined } | { query?: undefined }),
>(
  spec: T,
) => ({
  ...spec,
  input: (spec.body ? 'body' : spec.multipart ? 'multipart' : spec.query ? 'query' : 'none') as InputOf<T>,
});
const empty = z.null();

export const calls = {
  getDictionaries: call({
    controller: 'Dictionary',
    action: 'GetDictionaries',
    method: 'POST',
    auth: 'public',
    body: getDictionariesRequestSchema,
    response: getDictionariesResponseSchema,
  }),
  submitStage1: call({
    controller: 'Register',
    action: 'SubmitStage1',
    method: 'POST',
    auth: 'public',
    rateLimited: true,
    body: reg.stage1Schema,
    response: tokenPairSchema,
  }),
  getQuote: call({
    controller: 'Register',
    action: 'GetQuote',
    method: 'POST',
    auth: 'session',
    response: reg.quoteSchema,
  }),
  calculateQuote: call({
    controller: 'Register',
    action: 'CalculateQuote',
    method: 'POST',
    auth: 'session',
    body: reg.quoteRequestSchema,
    response: reg.quoteSchema,
  }),
  acceptQuote: call({
    controller: 'Register',
    action: 'AcceptQuote',
    method: 'POST',
    auth: 'session',
    body: reg.quoteRequestSchema,
    response: appStatusSchema,
  }),
  getApplicationStatus: call({
    controller: 'Register',
    action: 'GetApplicationStatus',
    method: 'GET',
    auth: 'session',
    response: reg.applicationStatusSchema,
  }),
  submitStage2: call({
    controller: 'Register',
    action: 'SubmitStage2',
    method: 'POST',
    auth: 'session',
    body: reg.stage2Schema,
    response: reg.stage2ResultSchema,
  }),
  submitStage3: call({
    controller: 'Register',
    action: 'SubmitStage3',
    method: 'POST',
    auth: 'session',
    body: reg.stage3Schema,
    response: appStatusSchema,
  }),
  submitStage4: call({
    controller: 'Register',
    action: 'SubmitStage4',
    method: 'POST',
    auth: 'session',
    body: reg.stage4Schema,
    response: appStatusSchema,
  }),
  submitStage5: call({
    controller: 'Register',
    action: 'SubmitStage5',
    method: 'POST',
    auth: 'signing',
    body: reg.stage5Schema,
    response: empty,
  }),
  esignLink: call({
    controller: 'Register',
    action: 'EsignLink',
    method: 'POST',
    auth: 'session',
    response: reg.esignLinkSchema,
  }),
  getEsign: call({
    controller: 'Register',
    action: 'GetEsign',
    method: 'GET',
    auth: 'signing',
    query: reg.guidQuerySchema,
    response: reg.esignSchema,
  }),
  getEmailVerificationLinkStatus: call({
    controller: 'Register',
    action: 'GetEmailVerificationLinkStatus',
    method: 'GET',
    auth: 'signing',
    query: reg.guidQuerySchema,
    response: reg.verifiedSchema,
  }),
  sendVerificationSms: call({
    controller: 'Register',
    action: 'SendVerificationSMS',
    method: 'POST',
    auth: 'signing',
    rateLimited: true,
    tooManyObject: reg.resendRefusedSchema,
    body: guidField,
    response: reg.resendWaitSchema,
  }),
  sendVerificationAndUniqueUrlEmail: call({
    controller: 'Register',
    action: 'SendVerificationAndUniqueUrlEmail',
    method: 'POST',
    auth: 'signing',
    rateLimited: true,
    tooManyObject: reg.resendRefusedSchema,
    body: guidField,
    response: reg.resendWaitSchema,
  }),
  checkEmailVerification: call({
    controller: 'Register',
    action: 'CheckEmailVerification',
    method: 'GET',
    auth: 'public',
    query: reg.emailVerificationQuerySchema,
    response: reg.verifiedSchema,
  }),
  getRepeatLoan: call({
    controller: 'Register',
    action: 'GetRepeatLoan',
    method: 'GET',
    auth: 'session',
    response: reg.repeatLoanPrefillSchema,
  }),
  repeatLoan: call({
    controller: 'Register',
    action: 'RepeatLoan',
    method: 'POST',
    auth: 'session',
    body: reg.repeatLoanSchema,
    response: reg.repeatLoanResultSchema,
  }),
  leadLanded: call({
    controller: 'LeadProvider',
    action: 'LeadLanded',
    method: 'GET',
    auth: 'public',
    landingCookie: 'sets',
    query: reg.guidQuerySchema,
    response: lead.leadLandedSchema,
  }),
  leadGetQuote: call({
    controller: 'LeadProvider',
    action: 'GetQuote',
    method: 'GET',
    auth: 'public',
    query: lead.leadQuoteQuerySchema,
    response: lead.leadQuoteSchema,
  }),
  submitLandedLead: call({
    controller: 'LeadProvider',
    action: 'SubmitLandedLead',
    method: 'POST',
    auth: 'public',
    landingCookie: 'requires',
    skipDefaultErrorHandling: true,
    body: lead.submitLandedLeadSchema,
    response: lead.submitLandedLeadResultSchema,
  }),
  sendLandingCode: call({
    controller: 'LeadProvider',
    action: 'SendLandingCode',
    method: 'POST',
    auth: 'public',
    landingCookie: 'requires',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    tooManyObject: reg.resendRefusedSchema,
    body: lead.sendLandingCodeSchema,
    response: reg.resendWaitSchema,
  }),
  verifyLandingCode: call({
    controller: 'LeadProvider',
    action: 'VerifyLandingCode',
    method: 'POST',
    auth: 'public',
    landingCookie: 'requires',
    skipDefaultErrorHandling: true,
    body: lead.verifyLandingCodeSchema,
    response: empty,
  }),
  leadLandedEvent: call({
    controller: 'LeadProvider',
    action: 'LeadLandedEvent',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: lead.leadEventSchema,
    response: empty,
  }),
  reportError: call({
    controller: 'LeadProvider',
    action: 'Error',
    method: 'POST',
    auth: 'public',
    rateLimited: true,
    skipDefaultErrorHandling: true,
    body: lead.clientErrorSchema,
    response: empty,
  }),
  login: call({
    controller: 'Account',
    action: 'Login',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: account.loginRequestSchema,
    response: account.loginResponseSchema,
  }),
  refreshToken: call({
    controller: 'Account',
    action: 'RefreshToken',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    body: account.refreshTokenBodySchema,
    response: tokenPairSchema,
  }),
  /** Not in the spec: Logout ends the session on the server (the refresh token's family is revoked). */
  logout: call({
    controller: 'Account',
    action: 'Logout',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    body: account.refreshTokenBodySchema,
    response: empty,
  }),
  changePassword: call({
    controller: 'Account',
    action: 'ChangePassword',
    method: 'POST',
    auth: 'session',
    rateLimited: true,
    body: account.changePasswordSchema,
    response: empty,
  }),
  changeEmail: call({
    controller: 'Account',
    action: 'ChangeEmail',
    method: 'POST',
    auth: 'session',
    body: account.changeEmailBodySchema,
    response: empty,
  }),
  forgotPassword: call({
    controller: 'Account',
    action: 'ForgotPassword',
    method: 'POST',
    auth: 'public',
    skipDefaultErrorHandling: true,
    rateLimited: true,
    body: account.forgotPasswordBodySchema,
    response: empty,
  }),
  changePasswordByGuid: call({
    controller: 'Account',
    action: 'ChangePasswordByGuid',
    method: 'POST',
    auth: 'public',
    body: account.changePasswordByGuidSchema,
    response: account.loginResponseSchema,
  }),
  /** Not in the spec: the verification link of ChangeEmail; public, the link may open on another device. */
  confirmEmailChange: call({
    controller: 'Account',
    action: 'ConfirmEmailChange',
    method: 'POST',
    auth: 'public',
    body: account.confirmEmailChangeBodySchema,
    response: empty,
  }),
  confirmPassword: call({
    controller: 'Account',
    action: 'ConfirmPassword',
    method: 'POST',
    auth: 'session',
    rateLimited: true,
    skipDefaultErrorHandling: true,
    body: account.confirmPasswordSchema,
    response: empty,
  }),
  getAccountDetails: call({
    controller: 'Account',
    action: 'GetAccountDetails',
    method: 'GET',
    auth: 'session',
    response: account.accountDetailsSchema,
  }),
  changeMobile: call({
    controller: 'Account',
    action: 'ChangeMobile',
    method: 'POST',
    auth: 'session',
    body: account.changeMobileBodySchema,
    response: empty,
  }),
  changeAddress: call({
    controller: 'Account',
    action: 'ChangeAddress',
    method: 'POST',
    auth: 'session',
    body: account.changeAddressSchema,
    response: z.object({
      addressStr: z.string(),
      unchanged: z.boolean().meta({
        description:
          'True when the address and both answers are those already held: nothing was stored (issue 31).',
      }),
    }),
  }),
  changeContactPreference: call({
    controller: 'Account',
    action: 'ChangeContactPreference',
    method: 'POST',
    auth: 'session',
    body: account.contactPreferencesSchema,
    response: empty,
  }),
  getBorrowingSummary: call({
    controller: 'MyAccountArea',
    action: 'GetBorrowingSummary',
    method: 'GET',
    auth: 'session',
    response: my.borrowingSummarySchema,
  }),
  getScheduleSummary: call({
    controller: 'MyAccountArea',
    action: 'GetScheduleSummary',
    method: 'GET',
    auth: 'session',
    response: my.scheduleSummarySchema,
  }),
  getTotalDue: call({
    controller: 'MyAccountArea',
    action: 'GetTotalDue',
    method: 'GET',
    auth: 'session',
    response: my.totalDueSchema,
  }),
  addCreditCard: call({
    controller: 'MyAccountArea',
    action: 'AddCreditCard',
    method: 'POST',
    auth: 'session',
    body: my.addCreditCardSchema,
    response: my.addCardAnswerSchema,
  }),
  cardPayment: call({
    controller: 'MyAccountArea',
    action: 'CardPayment',
    method: 'POST',
    auth: 'session',
    body: my.cardPaymentSchema,
    response: my.cardAnswerSchema,
  }),
  calculate: call({
    controller: 'MyAccountArea',
    action: 'Calculate',
    method: 'POST',
    auth: 'session',
    body: my.rescheduleSchema,
    response: my.calculatedRowsSchema,
  }),
  reSchedule: call({
    controller: 'MyAccountArea',
    action: 'ReSchedule',
    method: 'POST',
    auth: 'session',
    body: my.rescheduleSchema,
    response: empty,
  }),
  downloadSob: call({
    controller: 'MyAccountArea',
    action: 'DownloadSOB',
    method: 'GET',
    auth: 'public',
    query: my.downloadSobQuerySchema,
    response: empty,
    file: 'application/pdf',
  }),
  /**
   * Not in the spec (issue 25): a short-lived, single-use download link for DownloadSOB, so the bearer
   * token never travels in a URL (URLs end up in histories and logs).
   */
  sobLink: call({
    controller: 'MyAccountArea',
    action: 'SobLink',
    method: 'POST',
    auth: 'session',
    response: my.sobLinkSchema,
  }),
  /**
   * Not in the spec (issue 27): a single-use link to the settlement statement (Consumer Credit Act s97):
   * today's settlement figure, each of the next 28 days', and the instalments still due.
   */
  settlementLink: call({
    controller: 'MyAccountArea',
    action: 'SettlementLink',
    method: 'POST',
    auth: 'session',
    response: my.sobLinkSchema,
  }),
  downloadSettlement: call({
    controller: 'MyAccountArea',
    action: 'DownloadSettlement',
    method: 'GET',
    auth: 'public',
    query: my.downloadSobQuerySchema,
    response: empty,
    file: 'application/pdf',
  }),
  /**
   * Not in the spec (issue 27, docs/decisions/026): the customer cancels the continuous payment authority
   * (CONC 7.6, PSRs 2017 reg. 67(4)); repayments stay due, paid by card or bank transfer instead.
   */
  cancelCpa: call({
    controller: 'MyAccountArea',
    action: 'CancelCpa',
    method: 'POST',
    auth: 'session',
    response: my.cpaCancelledSchema,
  }),
  /** Not in the spec: whether the customer may still withdraw from the agreement, and the notice once given. */
  getWithdrawal: call({
    controller: 'MyAccountArea',
    action: 'GetWithdrawal',
    method: 'GET',
    auth: 'session',
    response: my.withdrawalSchema,
  }),
  /**
   * Not in the spec: notice of withdrawal from the agreement within its 14 days, without a reason
   * (Consumer Credit Act s66A); the principal and its interest are repaid within 30 days, nothing else.
   */
  withdraw: call({
    controller: 'MyAccountArea',
    action: 'Withdraw',
    method: 'POST',
    auth: 'session',
    response: my.withdrawAnswerSchema,
  }),
  /**
   * Issue 28 (docs/decisions/028): a customer's evidence (payslip, bank statement, ID, letter) as
   * multipart/form-data: `documentCategoryID` and `file` (PDF, PNG or JPEG by content, at most 10 MB,
   * at most 20 kept).
   */
  uploadDocument: call({
    controller: 'Document',
    action: 'UploadDocument',
    method: 'POST',
    auth: 'session',
    multipart: {
      fields: doc.uploadDocumentFieldsSchema,
      file: doc.UPLOAD_FILE_FIELD,
      maxFileBytes: doc.MAX_UPLOAD_BYTES,
    },
    response: doc.uploadedDocumentSchema,
  }),
  /** Only the customer's own upload; the lender's documents (agreements, letters, replies) stay. */
  deleteDocument: call({
    controller: 'Document',
    action: 'DeleteDocument',
    method: 'POST',
    auth: 'session',
    query: doc.documentSourceQuerySchema,
    response: empty,
  }),
  getDownloadLink: call({
    controller: 'Document',
    action: 'GetDownloadLink',
    method: 'GET',
    auth: 'session',
    query: doc.documentSourceQuerySchema,
    response: doc.downloadLinkSchema,
  }),
  /**
   * The file of a GetDownloadLink guid, once, within 5 minutes: `Content-Disposition: attachment`, the
   * media type its content was checked to be, `X-Content-Type-Options: nosniff`.
   */
  downloadDocument: call({
    controller: 'Document',
    action: 'DownloadDocument',
    method: 'GET',
    auth: 'public',
    query: doc.documentGuidQuerySchema,
    response: empty,
    file: ['application/pdf', 'image/png', 'image/jpeg'],
  }),
  /** Not in the spec (issue 28): the customer's documents, the lender's and their own uploads, newest first. */
  getDocuments: call({
    controller: 'Document',
    action: 'GetDocuments',
    method: 'GET',
    auth: 'session',
    response: doc.documentListSchema,
  }),
  /**
   * Not in the spec (issue 28, docs/decisions/029): the pre-claim area of an account flagged legal: the
   * Letter of Claim, the statement of account, the reply once sent (Pre-Action Protocol for Debt Claims).
   */
  getPreClaim: call({
    controller: 'PreClaim',
    action: 'GetPreClaim',
    method: 'GET',
    auth: 'session',
    response: preClaim.preClaimSchema,
  }),
  /** The Reply Form, with the Financial Statement when given: kept as a PDF; it pauses the legal steps. */
  submitPreClaimReply: call({
    controller: 'PreClaim',
    action: 'SubmitReply',
    method: 'POST',
    auth: 'session',
    body: preClaim.preClaimReplySchema,
    response: preClaim.submittedReplySchema,
  }),
  addressFind: call({
    controller: 'Address',
    action: 'Find',
    method: 'GET',
    auth: 'public',
    query: address.addressFindQuerySchema,
    response: address.addressListSchema,
  }),
  addressRetrieve: call({
    controller: 'Address',
    action: 'Retrieve',
    method: 'GET',
    auth: 'public',
    query: address.addressRetrieveQuerySchema,
    response: address.addressListSchema,
  }),
} as const satisfies Record<string, CallDef>;

export type CallName = keyof typeof calls;
export type CallResponse<N extends CallName> = z.infer<(typeof calls)[N]['response']>;

export const callPath = (def: Pick<CallDef, 'controller' | 'action'>) =>
  `/api/${def.controller}/${def.action}`;

/** What a client needs to make a call, without its schemas. */
export type CallRoute = Pick<CallDef, 'method' | 'auth' | 'input'> & {
  path: string;
  skipDefaultErrorHandling: boolean;
};

export const callRoutes = () =>
  Object.fromEntries(
    Object.entries(calls).map(([name, def]: [string, CallDef]) => [
      name,
      {
        method: def.method,
        path: callPath(def),
        input: def.input,
        auth: def.auth,
        skipDefaultErrorHandling: def.skipDefaultErrorHandling === true,
      } satisfies CallRoute,
    ]),
  ) as Record<CallName, CallRoute>;
