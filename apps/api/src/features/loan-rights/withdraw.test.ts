import { randomUUID } from 'node:crypto';
import { BRAND } from '@lender/contract/brand';
import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../sandbox/card-provider/test-support';
import { messagesTo } from '../../test/account-holder';
import { createSession } from '../../test/factories';
import type { signedApplicant } from '../../test/live-loan';
import { activeLoan, dueDates, myAccountGet, noticesOf, statusOf, travelTo } from '../../test/live-loan';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

type Loan = Awaited<ReturnType<typeof signedApplicant>>;

/** A signed loan paid out and active (on the card given, else a good one), first due about a week ahead. */
async function activeLoanWithFigures(t: TestApp, cardNumber?: string) {
  const loan = await activeLoan(t, cardNumber, { nextPayDate: workingDayAhead(7) });
  const { funded_on, principal_pence } = await t.ctx.db
    .selectFrom('loans')
    .select(['funded_on', 'principal_pence'])
    .where('application_id', '=', loan.applicationId)
    .executeTakeFirstOrThrow();
  return { ...loan, fundedOn: funded_on!, principalPence: principal_pence };
}

const post = (t: TestApp, action: string, authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/MyAccountArea/${action}`,
    headers: { authorization, 'content-type': 'application/json' },
    payload: '{}',
  });

const rowsOf = (t: TestApp, applicationId: number) =>
  t.ctx.db
    .selectFrom('loan_transactions')
    .select(['id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

const interestPence = async (t: TestApp, applicationId: number) =>
  (await rowsOf(t, applicationId))
    .filter((r) => r.type === 'interest')
    .reduce((sum, r) => sum + r.amount_pence, 0);

const totalDue = async (t: TestApp, loan: Loan): Promise<number> =>
  (await myAccountGet(t, 'GetTotalDue', loan.authorization)).json().object;

const withdrawal = async (t: TestApp, loan: Loan) =>
  (await myAccountGet(t, 'GetWithdrawal', loan.authorization)).json().object;

const noticeEmails = async (t: TestApp, loan: Loan) =>
  (await messagesTo(t, loan.email)).filter((m) => /You have withdrawn from your/.test(m.subject ?? ''));

describe('withdrawal (Consumer Credit Act s66A) within the 14 days, repaid by card', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoanWithFigures>>;
  let dates: string[];
  let repayBy: string;
  beforeAll(async () => {
    t = await createTestApp();
    loan = await activeLoanWithFigures(t);
    dates = await dueDates(t, loan.applicationId);
  });
  afterAll(() => t.close());

  it('GetWithdrawal: the customer may withdraw until the 14th day after the agreement was made', async () => {
    expect(await withdrawal(t, loan)).toEqual({
      canWithdraw: true,
      withdrawBy: addDays(loan.fundedOn, 14),
      notice: null,
    });
  });

  it('Withdraw: the notice is recorded, principal and interest to repay within 30 days, the CPA stopped, the customer told', async () => {
    await travelTo(t, addDays(loan.fundedOn, 3));
    const today = t.ctx.businessDate.today();
    const owed = loan.principalPence + (await interestPence(t, loan.applicationId));
    repayBy = addDays(today, 30);

    const res = await post(t, 'Withdraw', loan.authorization);
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { amountToRepay: owed / 100, repayBy },
    });
    expect(await totalDue(t, loan)).toBe(owed / 100);
    expect(await withdrawal(t, loan)).toEqual({
      canWithdraw: false,
      withdrawBy: addDays(loan.fundedOn, 14),
      notice: { noticeDate: today, amountToRepay: owed / 100, repayBy },
    });
    const row = await t.ctx.db
      .selectFrom('loans')
      .select('cpa_cancelled_at')
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(row.cpa_cancelled_at).not.toBeNull();
    const decisions = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', loan.applicationId)
      .where('kind', '=', 'withdrawal-notice')
      .execute();
    expect(decisions).toEqual([{ reason: expect.stringContaining(`to repay by ${repayBy}`) }]);

    const [email, ...more] = await noticeEmails(t, loan);
    expect(more).toEqual([]);
    expect(email?.text).toContain('section 66A of the Consumer Credit Act 1974');
    expect(email?.text).toContain(
      `Please repay £${(owed / 100).toFixed(2)} by ${formatDisplayDate(repayBy)}.`,
    );
    expect(email?.text).toContain('You pay nothing else: no fee or other charge.');
    expect(email?.text).toContain(`sort code ${BRAND.repaymentAccount.sortCode}`);
    expect(email?.text).toContain('/borrow/payment');
  });

  it('asked again, answers the same notice and sends nothing more', async () => {
    const again = await post(t, 'Withdraw', loan.authorization);
    expect(again.json().object.repayBy).toBe(repayBy);
    expect(await noticeEmails(t, loan)).toHaveLength(1);
  });

  it('the close of business then collects nothing and treats nothing as arrears, while interest accrues', async () => {
    await travelTo(t, addDays(dates[0]!, 3));
    const attempts = await t.ctx.db
      .selectFrom('cpa_attempts')
      .select('id')
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(attempts).toEqual([]);
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.active);
    expect(await noticesOf(t, loan.applicationId)).toEqual([]);
    const rows = await rowsOf(t, loan.applicationId);
    expect(rows.filter((r) => r.type === 'default-fee')).toEqual([]);
    expect(rows.filter((r) => r.type === 'interest').at(-1)?.on_date).toBe(addDays(dates[0]!, 2));
    const owed = loan.principalPence + (await interestPence(t, loan.applicationId));
    expect(await totalDue(t, loan)).toBe(owed / 100);
    expect((await withdrawal(t, loan)).notice.amountToRepay).toBe(owed / 100);
  });

  it('paying the amount by card ends the loan as withdrawn (25), with nothing more owed or accrued', async () => {
    const amount = await totalDue(t, loan);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/CardPayment',
      headers: { authorization: loan.authorization, 'idempotency-key': randomUUID() },
      payload: { payTotal: true, amount, useExistingCard: true },
    });
    expect(paid.json().error.errorID).toBe(0);
    const today = t.ctx.businessDate.today();
    expect(await statusOf(t, loan.guid)).toBe(AppStatus.withdrawn);
    const row = await t.ctx.db
      .selectFrom('loans')
      .select('settled_on')
      .where('application_id', '=', loan.applicationId)
      .executeTakeFirstOrThrow();
    expect(row.settled_on).toBe(today);
    const decisions = await t.ctx.db
      .selectFrom('application_decisions')
      .select('kind')
      .where('application_id', '=', loan.applicationId)
      .where('kind', 'in', ['withdrawn', 'settled'])
      .execute();
    expect(decisions).toEqual([{ kind: 'withdrawn' }]);
    expect(await totalDue(t, loan)).toBe(0);
    expect(await withdrawal(t, loan)).toEqual({ canWithdraw: false, withdrawBy: null, notice: null });
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    expect(summary).toMatchObject({
      appStatusID: AppStatus.withdrawn,
      loanStatus: 'Withdrawn',
      canRepeat: true,
    });

    const before = await rowsOf(t, loan.applicationId);
    await travelTo(t, addDays(today, 3));
    expect(await rowsOf(t, loan.applicationId)).toEqual(before);
  });
});

describe('withdrawal of a loan charged a default fee, not repaid in the 30 days', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoanWithFigures>>;
  let dates: string[];
  let repayBy: string;
  beforeAll(async () => {
    // The fee a day after a missed instalment, so that one falls due within the 14 days.
    t = await createTestApp({ DEFAULT_FEE_AFTER_DAYS: '1' });
    loan = await activeLoanWithFigures(t, CARDS.declinesCharges);
    dates = await dueDates(t, loan.applicationId);
  });
  afterAll(() => t.close());

  it('s66A(9): the default fee is reversed; the customer repays principal and interest only', async () => {
    const day = addDays(dates[0]!, 2);
    expect(day <= addDays(loan.fundedOn, 14)).toBe(true);
    await travelTo(t, day);
    const fee = (await rowsOf(t, loan.applicationId)).find((r) => r.type === 'default-fee');
    expect(fee?.amount_pence).toBeGreaterThan(0);
    const interest = await interestPence(t, loan.applicationId);
    expect(await totalDue(t, loan)).toBe((loan.principalPence + interest + fee!.amount_pence) / 100);

    const res = await post(t, 'Withdraw', loan.authorization);
    repayBy = res.json().object.repayBy;
    expect(res.json().object.amountToRepay).toBe((loan.principalPence + interest) / 100);
    expect(await totalDue(t, loan)).toBe((loan.principalPence + interest) / 100);
    const rows = await rowsOf(t, loan.applicationId);
    expect(rows.filter((r) => r.type === 'reversal')).toEqual([
      expect.objectContaining({ reverses_id: fee!.id, amount_pence: fee!.amount_pence, on_date: day }),
    ]);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.cpaCancelled).toBe(true);
    expect(schedule.transactions.map((r: { transactionType: string }) => r.transactionType)).toContain(
      'Reversal: Default fee',
    );
    const [email] = await noticeEmails(t, loan);
    expect(email?.text).toContain(
      `We have removed the default fee of £${(fee!.amount_pence / 100).toFixed(2)}`,
    );
  });

  it('past the 30 days: one reminder, no fee again, no arrears or default notice, interest still accrues', async () => {
    await travelTo(t, addDays(repayBy, 3));
    const rows = await rowsOf(t, loan.applicationId);
    expect(rows.filter((r) => r.type === 'default-fee')).toHaveLength(1);
    expect(rows.filter((r) => r.type === 'interest').at(-1)?.on_date).toBe(addDays(repayBy, 2));
    const notices = await noticesOf(t, loan.applicationId);
    // The s86E notice of the fee (charged before the withdrawal), then no notice but the reminder.
    expect(notices.map((n) => n.kind)).toEqual(['card-blocked', 's86e', 'withdrawal-overdue']);
    expect(notices.at(-1)?.on_date).toBe(addDays(repayBy, 1));
    const reminders = (await messagesTo(t, loan.email)).filter((m) =>
      /Please repay your withdrawn/.test(m.subject ?? ''),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('There is no fee or other charge.');
    // Collections ended with the notice: the two declined attempts before it are all there are.
    const attempts = await t.ctx.db
      .selectFrom('cpa_attempts')
      .select('on_date')
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(attempts.every((a) => a.on_date < addDays(dates[0]!, 2))).toBe(true);
    const owed = loan.principalPence + (await interestPence(t, loan.applicationId));
    expect(await totalDue(t, loan)).toBe(owed / 100);
    expect(await statusOf(t, loan.guid)).not.toBe(AppStatus.defaulted);
  });
});

describe('withdrawal after the 14 days', () => {
  let t: TestApp;
  let loan: Awaited<ReturnType<typeof activeLoanWithFigures>>;
  beforeAll(async () => {
    t = await createTestApp();
    loan = await activeLoanWithFigures(t);
  });
  afterAll(() => t.close());

  it('refuses a customer with no loan being repaid (errorID 240)', async () => {
    const stranger = await createSession(t.ctx);
    expect((await post(t, 'Withdraw', stranger.authorization)).json()).toEqual({
      error: Refusal.noLoanToWithdraw,
      object: null,
    });
    expect((await myAccountGet(t, 'GetWithdrawal', stranger.authorization)).json().object).toEqual({
      canWithdraw: false,
      withdrawBy: null,
      notice: null,
    });
  });

  it('is open on the 14th day after the agreement, and refused the day after with a clear message', async () => {
    await travelTo(t, addDays(loan.fundedOn, 14));
    expect((await withdrawal(t, loan)).canWithdraw).toBe(true);
    await travelTo(t, addDays(loan.fundedOn, 15));
    expect(await withdrawal(t, loan)).toEqual({
      canWithdraw: false,
      withdrawBy: addDays(loan.fundedOn, 14),
      notice: null,
    });
    const res = await post(t, 'Withdraw', loan.authorization);
    expect(res.json()).toEqual({ error: Refusal.withdrawalPeriodOver, object: null });
    expect(res.json().error.errorMessage).toMatch(/14 days .* have passed/);
    const notices = await t.ctx.db
      .selectFrom('loan_withdrawals')
      .select('application_id')
      .where('application_id', '=', loan.applicationId)
      .execute();
    expect(notices).toEqual([]);
    expect(await noticeEmails(t, loan)).toEqual([]);
  });
});
