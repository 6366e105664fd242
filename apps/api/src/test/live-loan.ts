import type { Stage1Payload } from '@lender/contract/calls/register';
import crypto from 'node:crypto';
import { addDays } from '@lender/contract/dates';
import { priceLoan } from '@lender/contract/pricing/pricing';
import { AppStatus } from '@lender/contract/status';
import { loanRepository } from '../entities/loans/loan-repository';
import type { Journey } from './application-journey';
import { esignPost, linkOf, readyToSign, signerAt, smsCodeSentTo, stage5Payload } from './esign-journey';
import type { TestApp } from './test-app';

/** The application's status now. */
export const statusOf = async (t: TestApp, guid: string) =>
  (
    await t.ctx.db
      .selectFrom('applications')
      .select('status_id')
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow()
  ).status_id;

/** Waits (up to `ms`) for something the server does by itself after answering, such as underwriting. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An applicant who has signed: e-mail verified, documents read, SMS code entered. Underwriting starts by
 * itself; the caller waits for what it wants to see.
 */
export async function signedApplicant(
  t: TestApp,
  stage1: Partial<Stage1Payload> = {},
  journey: Journey = {},
  /** Runs just before the signature, with the customer's id: a history to set up for underwriting. */
  beforeSigning?: (customerId: number) => Promise<void>,
) {
  const signer = await signerAt(t, stage1, journey);
  if (beforeSigning) {
    const { customer_id } = await t.ctx.db
      .selectFrom('applications')
      .select('customer_id')
      .where('guid', '=', signer.guid)
      .executeTakeFirstOrThrow();
    await beforeSigning(customer_id);
  }
  await readyToSign(t, signer);
  const code = await smsCodeSentTo(t, signer.mobile);
  const signed = await esignPost(t, 'SubmitStage5', stage5Payload(signer.guid, code), {
    'user-agent': 'Test browser/1.0',
    ...linkOf(signer),
  });
  if (signed.json().error.errorID !== 0) throw new Error(`SubmitStage5 answered ${signed.body}`);
  const app = await t.ctx.db
    .selectFrom('applications')
    .select(['id', 'customer_id'])
    .where('guid', '=', signer.guid)
    .executeTakeFirstOrThrow();
  return { ...signer, applicationId: app.id, customerId: app.customer_id };
}

/**
 * A signed loan that underwriting approved and paid out (status active), on the card given, else a
 * good one.
 */
export async function activeLoan(t: TestApp, cardNumber?: string, stage1: Partial<Stage1Payload> = {}) {
  const loan = await signedApplicant(t, stage1, cardNumber ? { card: { cardNumber } } : {});
  const status = await eventually(
    () => statusOf(t, loan.guid),
    (s) => s === AppStatus.active,
  );
  if (status !== AppStatus.active) throw new Error(`the loan did not become active (status ${status})`);
  return loan;
}

/**
 * A signed applicant whose loan is never paid out: the bank refuses the payout (sandbox account
 * 00000002), so underwriting refers it to a person and it waits in review with nothing owed. Reached
 * the way the server reaches it; a status written over the running underwriting would race it.
 */
export async function signedNotPaidOut(t: TestApp) {
  const signed = await signedApplicant(t, {}, { stage4: { bankAccountNumber: '00000002' } });
  const status = await eventually(
    () => statusOf(t, signed.guid),
    (s) => s === AppStatus.undewritingReview,
  );
  if (status !== AppStatus.undewritingReview)
    throw new Error(`the payout was not referred (status ${status})`);
  return signed;
}

/**
 * An active loan two days past its first due date, unpaid: the customer stopped the CPA, so nothing was
 * collected, and the loan is in arrears (the business date is then that day).
 */
export async function loanInArrears(t: TestApp) {
  const loan = await activeLoan(t);
  await t.ctx.db
    .updateTable('loans')
    .set({ cpa_cancelled_at: new Date().toISOString() })
    .where('application_id', '=', loan.applicationId)
    .execute();
  const [first] = await dueDates(t, loan.applicationId);
  await travelTo(t, addDays(first!, 2));
  const status = await statusOf(t, loan.guid);
  if (status !== AppStatus.arrears) throw new Error(`the loan did not fall into arrears (status ${status})`);
  return loan;
}

/**
 * A paid-out loan in default under a default notice whose remedy date has passed: the only loan the
 * legal flag may be put on (s87(1), issue 46). Written as the close of business leaves it (notice given
 * 15 days ago, remedy date yesterday, defaulted today) without moving the test app's business date; the
 * close of business's own way there is tested in close-of-business.test.ts and pre-claim.test.ts.
 */
export async function defaultedPastRemedy(t: TestApp) {
  const loan = await activeLoan(t);
  const today = t.ctx.businessDate.today();
  await t.ctx.db
    .updateTable('loans')
    .set({ default_notice_on: addDays(today, -15), remedy_by: addDays(today, -1), defaulted_on: today })
    .where('application_id', '=', loan.applicationId)
    .execute();
  await t.ctx.db
    .updateTable('applications')
    .set({ status_id: AppStatus.defaulted })
    .where('id', '=', loan.applicationId)
    .execute();
  return loan;
}

/** A GET of a MyAccountArea call as the signed-in customer. */
export const myAccountGet = (t: TestApp, action: string, authorization: string) =>
  t.app.inject({ method: 'GET', url: `/api/MyAccountArea/${action}`, headers: { authorization } });

/** Moves the business date to `date` and closes every day before it, as staff do. */
export async function travelTo(t: TestApp, date: string) {
  await t.ctx.businessDate.set(date);
  return t.app.servicing.closeOfBusiness.closeThrough(addDays(date, -1));
}

/** The loan's ledger rows (type, amount, day), in the order they were written. */
export const ledger = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['type', 'amount_pence', 'on_date'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

/** The CPA's attempts on the loan, in order. */
export const attemptsOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('cpa_attempts')
    .select(['seq', 'attempt', 'on_date', 'outcome'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

/** The notices sent about the loan (arrears, default, reminders), in order. */
export const noticesOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_notices')
    .select(['kind', 'on_date'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

/** The decisions recorded on the application (underwriting, the CPA, a moratorium), in order. */
export const decisionsOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('application_decisions')
    .select(['kind', 'reason'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

/** The loan's instalment due dates, in order. */
export const dueDates = async (t: TestApp, applicationId: number) =>
  (
    await t.ctx.db
      .selectFrom('loan_instalments')
      .select('due_date')
      .where('application_id', '=', applicationId)
      .orderBy('seq')
      .execute()
  ).map((r) => r.due_date);

/** An earlier loan of the customer's, paid out and not repaid (status active), with its advance. */
export async function liveLoanOf(t: TestApp, customerId: number, fundedOn = t.ctx.businessDate.today()) {
  const now = new Date().toISOString();
  const { id } = await t.ctx.db
    .insertInto('applications')
    .values({
      guid: crypto.randomUUID(),
      customer_id: customerId,
      status_id: AppStatus.active,
      product_id: 11,
      amount_pence: 20_000,
      period: 1,
      wage_frequency_id: 9,
      repayment_date: addDays(fundedOn, 30),
      net_monthly_income_pence: 220_000,
      num_dependents: 0,
      daily_rate_ppm: 8000,
      source: null,
      campaign: null,
      tier_name: null,
      quote_total_repayable_pence: 24_800,
      quote_instalment_pence: 24_800,
      quote_apr_percent: 1000,
      accepted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dueDate = addDays(fundedOn, 30);
  const price = priceLoan({
    principalPence: 20_000,
    drawdownDate: fundedOn,
    repaymentDates: [dueDate],
    dailyRate: 0.008,
  });
  const loans = loanRepository(t.ctx.db);
  await loans.insertSigned({
    applicationId: id,
    customerId,
    principalPence: 20_000,
    dailyRate: price.dailyRate,
    pricedOn: fundedOn,
    totalRepayablePence: price.totalRepayablePence,
    schedule: price.schedule,
  });
  await loans.update(id, { funded_on: fundedOn });
  await loans.post([
    {
      applicationId: id,
      type: 'advance',
      amountPence: 20_000,
      onDate: fundedOn,
      reference: `advance:test-${id}`,
    },
  ]);
  return id;
}

/**
 * A loan repaid in full: paid out, then the total due paid by the card on file (MyAccountArea/CardPayment,
 * as the payment page does), which settles it. The customer may then apply again.
 */
export async function settledLoan(t: TestApp, cardNumber?: string, stage1: Partial<Stage1Payload> = {}) {
  const loan = await activeLoan(t, cardNumber, stage1);
  const amount = (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object as number;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/MyAccountArea/CardPayment',
    headers: { authorization: loan.authorization, 'idempotency-key': crypto.randomUUID() },
    payload: { payTotal: true, amount, useExistingCard: true },
  });
  if (paid.json().error.errorID !== 0) throw new Error(`CardPayment answered ${paid.body}`);
  const status = await statusOf(t, loan.guid);
  if (status !== AppStatus.settled) throw new Error(`the loan was not settled (status ${status})`);
  return loan;
}
