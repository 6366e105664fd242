import { loanStateSchema } from './loan-state';
import * as my from './my-account-area';
import { call, empty, type CallDef } from './call-spec';

/** The MyAccountArea controller's calls, in the order of the call table (`api-calls.ts`). */
export const myAccountAreaCalls = {
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
  /**
   * Not in the spec (issue 45 item 11): where the loan stands and the one next step, for the banner of
   * every signed-in page.
   */
  getLoanState: call({
    controller: 'MyAccountArea',
    action: 'GetLoanState',
    method: 'GET',
    auth: 'session',
    response: loanStateSchema,
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
    response: my.cardPaymentAnswerSchema,
  }),
  calculate: call({
    controller: 'MyAccountArea',
    action: 'Calculate',
    method: 'POST',
    auth: 'session',
    body: my.rescheduleSchema,
    response: my.calculatedRowsSchema,
  }),
  /**
   * Not in the spec (issue 45): the plan Calculate prices, with its total and the difference from
   * today's plan, shown before the customer accepts it. Changes nothing.
   */
  planCost: call({
    controller: 'MyAccountArea',
    action: 'PlanCost',
    method: 'POST',
    auth: 'session',
    body: my.rescheduleSchema,
    response: my.planCostSchema,
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
   * Not in the spec (issue 46 item 9, docs/decisions/053): the statement of account a customer may ask
   * for at any time (Consumer Credit Act 1974 s77B), with each payment they made and what it paid (the
   * s97A statement of a part payment), as a PDF through a single-use link.
   */
  statementLink: call({
    controller: 'MyAccountArea',
    action: 'StatementLink',
    method: 'POST',
    auth: 'session',
    response: my.sobLinkSchema,
  }),
  downloadStatement: call({
    controller: 'MyAccountArea',
    action: 'DownloadStatement',
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
  /**
   * Not in the spec (issue 46 item 7, docs/decisions/075): a customer in arrears who tells us they are
   * getting debt advice has collections and payments paused for 30 days, with no interest or fees.
   */
  pauseForDebtAdvice: call({
    controller: 'MyAccountArea',
    action: 'PauseForDebtAdvice',
    method: 'POST',
    auth: 'session',
    response: my.debtAdvicePauseSchema,
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
} as const satisfies Record<string, CallDef>;
