import { z } from 'zod';
import { apiRoutes, type CallName, type RouteDef } from './api-routes';
import * as account from './calls/account';
import * as address from './calls/address';
import * as doc from './calls/document';
import * as lead from './calls/lead-provider';
import * as my from './calls/my-account-area';
import * as reg from './calls/register';
import { appStatusSchema, stringBody, tokenPairSchema } from './calls/shared';
import { getDictionariesRequestSchema, getDictionariesResponseSchema } from './dictionaries';

/** A call's route plus its schemas: the API registers a route per entry and validates with them. */
export type CallDef = RouteDef & { body?: z.ZodType; query?: z.ZodType; response: z.ZodType };

const call = <const T extends CallDef>(def: T) => def;
const empty = z.null();

export const calls = {
  getDictionaries: call({
    ...apiRoutes.getDictionaries,
    body: getDictionariesRequestSchema,
    response: getDictionariesResponseSchema,
  }),
  submitStage1: call({ ...apiRoutes.submitStage1, body: reg.stage1Schema, response: tokenPairSchema }),
  getQuote: call({ ...apiRoutes.getQuote, response: reg.quoteSchema }),
  calculateQuote: call({
    ...apiRoutes.calculateQuote,
    body: reg.quoteRequestSchema,
    response: reg.quoteSchema,
  }),
  acceptQuote: call({ ...apiRoutes.acceptQuote, body: reg.quoteRequestSchema, response: appStatusSchema }),
  getApplicationStatus: call({ ...apiRoutes.getApplicationStatus, response: reg.applicationStatusSchema }),
  submitStage2: call({ ...apiRoutes.submitStage2, body: reg.stage2Schema, response: appStatusSchema }),
  submitStage3: call({ ...apiRoutes.submitStage3, body: reg.stage3Schema, response: appStatusSchema }),
  submitStage4: call({ ...apiRoutes.submitStage4, body: reg.stage4Schema, response: appStatusSchema }),
  submitStage5: call({ ...apiRoutes.submitStage5, body: reg.stage5Schema, response: empty }),
  getEsign: call({ ...apiRoutes.getEsign, query: reg.guidQuerySchema, response: reg.esignSchema }),
  getEmailVerificationLinkStatus: call({
    ...apiRoutes.getEmailVerificationLinkStatus,
    query: reg.guidQuerySchema,
    response: reg.verifiedSchema,
  }),
  sendVerificationSms: call({
    ...apiRoutes.sendVerificationSms,
    body: stringBody('Invalid link.', 64),
    response: empty,
  }),
  sendVerificationAndUniqueUrlEmail: call({
    ...apiRoutes.sendVerificationAndUniqueUrlEmail,
    body: stringBody('Invalid link.', 64),
    response: empty,
  }),
  checkEmailVerification: call({
    ...apiRoutes.checkEmailVerification,
    query: reg.emailVerificationQuerySchema,
    response: reg.verifiedSchema,
  }),
  getRepeatLoan: call({ ...apiRoutes.getRepeatLoan, response: reg.repeatLoanPrefillSchema }),
  repeatLoan: call({ ...apiRoutes.repeatLoan, body: reg.repeatLoanSchema, response: appStatusSchema }),
  leadLanded: call({ ...apiRoutes.leadLanded, query: reg.guidQuerySchema, response: lead.leadLandedSchema }),
  leadGetQuote: call({
    ...apiRoutes.leadGetQuote,
    query: lead.leadQuoteQuerySchema,
    response: lead.leadQuoteSchema,
  }),
  submitLandedLead: call({
    ...apiRoutes.submitLandedLead,
    body: lead.submitLandedLeadSchema,
    response: empty,
  }),
  leadLandedEvent: call({ ...apiRoutes.leadLandedEvent, body: lead.leadEventSchema, response: empty }),
  reportError: call({ ...apiRoutes.reportError, body: lead.clientErrorSchema, response: empty }),
  login: call({
    ...apiRoutes.login,
    body: account.loginRequestSchema,
    response: account.loginResponseSchema,
  }),
  refreshToken: call({
    ...apiRoutes.refreshToken,
    body: account.refreshTokenBodySchema,
    response: tokenPairSchema,
  }),
  changePassword: call({ ...apiRoutes.changePassword, body: account.changePasswordSchema, response: empty }),
  changeEmail: call({ ...apiRoutes.changeEmail, body: account.changeEmailBodySchema, response: empty }),
  forgotPassword: call({
    ...apiRoutes.forgotPassword,
    body: account.forgotPasswordBodySchema,
    response: empty,
  }),
  changePasswordByGuid: call({
    ...apiRoutes.changePasswordByGuid,
    body: account.changePasswordByGuidSchema,
    response: empty,
  }),
  getAccountDetails: call({ ...apiRoutes.getAccountDetails, response: account.accountDetailsSchema }),
  changeMobile: call({ ...apiRoutes.changeMobile, body: account.changeMobileBodySchema, response: empty }),
  changeAddress: call({
    ...apiRoutes.changeAddress,
    body: account.changeAddressSchema,
    response: z.object({ addressStr: z.string() }),
  }),
  changeContactPreference: call({
    ...apiRoutes.changeContactPreference,
    body: account.changeContactPreferenceSchema,
    response: empty,
  }),
  getBorrowingSummary: call({ ...apiRoutes.getBorrowingSummary, response: my.borrowingSummarySchema }),
  getScheduleSummary: call({ ...apiRoutes.getScheduleSummary, response: my.scheduleSummarySchema }),
  getTotalDue: call({ ...apiRoutes.getTotalDue, response: my.totalDueSchema }),
  addCreditCard: call({ ...apiRoutes.addCreditCard, body: my.addCreditCardSchema, response: empty }),
  cardPayment: call({ ...apiRoutes.cardPayment, body: my.cardPaymentSchema, response: empty }),
  calculate: call({ ...apiRoutes.calculate, body: my.rescheduleSchema, response: my.calculatedRowsSchema }),
  reSchedule: call({ ...apiRoutes.reSchedule, body: my.rescheduleSchema, response: empty }),
  downloadSob: call({ ...apiRoutes.downloadSob, query: my.downloadSobQuerySchema, response: empty }),
  uploadDocument: call({ ...apiRoutes.uploadDocument, body: doc.uploadDocumentSchema, response: empty }),
  deleteDocument: call({
    ...apiRoutes.deleteDocument,
    query: doc.documentSourceQuerySchema,
    response: empty,
  }),
  getDownloadLink: call({
    ...apiRoutes.getDownloadLink,
    query: doc.documentSourceQuerySchema,
    response: doc.downloadLinkSchema,
  }),
  addressFind: call({
    ...apiRoutes.addressFind,
    query: address.addressFindQuerySchema,
    response: address.addressListSchema,
  }),
  addressRetrieve: call({
    ...apiRoutes.addressRetrieve,
    query: address.addressRetrieveQuerySchema,
    response: address.addressListSchema,
  }),
} as const satisfies Record<CallName, CallDef>;

export type { CallName };
export { callPath } from './api-routes';
export type CallResponse<N extends CallName> = z.infer<(typeof calls)[N]['response']>;
