import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { createSession } from '../../test/factories';
import { activeLoan, loanInArrears, myAccountGet, settledLoan } from '../../test/live-loan';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueLetterOfClaim } from '../../entities/pre-claim/letters';
import { loanStateOf, withFigure } from '../../entities/loans/loan-state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loanState = async (authorization: string) => {
  const res = await myAccountGet(t, 'GetLoanState', authorization);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.error.errorID).toBe(0);
  return body.object;
};

/** Pounds on the wire as the pages write them. */
const pounds = (amount: number) => formatPence(poundsToPence(amount));

const PAY = { label: 'Make a payment', path: '/borrow/payment' };

describe('GetLoanState: one state for the loan, read by every signed-in page', () => {
  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/MyAccountArea/GetLoanState' })).statusCode).toBe(
      401,
    );
  });

  it('a customer with no loan paid out: none, nothing to pay or plan', async () => {
    const me = await createSession(t.ctx);
    expect(await loanState(me.authorization)).toEqual({
      state: 'none',
      statusName: '',
      statusLine: '',
      nextStep: null,
      letter: null,
      mayPay: false,
      mayReschedule: false,
      figure: null,
    });
  });

  it('a loan being repaid: active, collected from the card; payments and plans allowed', async () => {
    const loan = await activeLoan(t);
    const state = await loanState(loan.authorization);
    expect(state).toMatchObject({
      state: 'active',
      statusLine: 'Your loan is active. Your payments are collected from your card on their due dates.',
      nextStep: null,
      mayPay: true,
      mayReschedule: true,
    });
    // Its next payment, as the borrow page's figures name it (issue 50: drawn with the banner).
    const { figures } = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    expect(figures.nextPayment.amount).toBeGreaterThan(0);
    expect(state.figure).toEqual({
      name: 'nextPayment',
      label: 'Next payment',
      text: `${pounds(figures.nextPayment.amount)} on ${formatDisplayDate(figures.nextPayment.date)}`,
      ...figures.nextPayment,
    });
  });

  it('after notice of withdrawal: no longer "active", the repay-by date, pay, and no new plan', async () => {
    const loan = await activeLoan(t);
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/MyAccountArea/Withdraw',
      headers: { authorization: loan.authorization, 'content-type': 'application/json' },
      payload: '{}',
    });
    const { repayBy } = notice.json().object;
    const today = t.ctx.businessDate.today();
    expect(await loanState(loan.authorization)).toEqual({
      state: 'withdrawing',
      statusName: 'Withdrawn: repayment due',
      statusLine:
        `You withdrew from your loan agreement on ${formatDisplayDate(today)}. ` +
        `Please repay what you borrowed and its interest by ${formatDisplayDate(repayBy)}.`,
      nextStep: PAY,
      letter: null,
      mayPay: true,
      mayReschedule: false,
      // What to repay is the withdrawal's (the borrow page's section), not the plan's next payment.
      figure: null,
    });
    // The borrow page and the schedule name it the same (they said 'Loan active… collected from your card').
    const state = await loanState(loan.authorization);
    const summary = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    expect([summary.loanStatus, summary.loanStatusMessage]).toEqual([state.statusName, state.statusLine]);
    const schedule = (await myAccountGet(t, 'GetScheduleSummary', loan.authorization)).json().object;
    expect(schedule.appStatus).toBe('Withdrawn: repayment due');
    // Its instalments no longer apply (s66A(7)): what is due is the one repayment, by its date.
    expect(summary.sobRep1).toEqual([
      {
        date: repayBy,
        description: 'To repay after your withdrawal',
        amount: notice.json().object.amountToRepay,
      },
    ]);
  });

  it('flagged legal: the letter about the debt and its reply date come first, with the way to reply', async () => {
    const loan = await activeLoan(t);
    // As staff's legal flag does (features/pre-claim/legal-staff.ts): the flag, then the Letter of Claim.
    await t.ctx.db.updateTable('customers').set({ is_legal: 1 }).where('id', '=', loan.customerId).execute();
    expect((await issueLetterOfClaim(t.ctx, loan.applicationId, OPS)).issued).toBe(true);
    const today = t.ctx.businessDate.today();
    const replyBy = addDays(today, 30);
    expect(await loanState(loan.authorization)).toEqual({
      state: 'legal',
      statusName: 'Letter about your debt',
      statusLine: `We have sent you a letter about your debt. Please reply by ${formatDisplayDate(replyBy)}.`,
      nextStep: { label: 'Read the letter and reply', path: '/pre-claim' },
      letter: { issuedOn: today, replyBy, replied: false },
      // A letter asks the customer to pay or agree a plan: both stay open to them.
      mayPay: true,
      mayReschedule: true,
      // The letter states the sum it claims; the plan's figures are not what is asked.
      figure: null,
    });
  });

  it('repaid in full: settled, nothing to pay', async () => {
    const loan = await settledLoan(t);
    expect(await loanState(loan.authorization)).toMatchObject({
      state: 'settled',
      statusLine: 'Your loan is repaid in full. Thank you.',
      nextStep: null,
      mayPay: false,
      mayReschedule: false,
      figure: null,
    });
  });

  // Last: it moves the business date on.
  it('in arrears: a payment is overdue, and the next step is to pay', async () => {
    const loan = await loanInArrears(t);
    const state = await loanState(loan.authorization);
    expect(state).toMatchObject({ state: 'arrears', nextStep: PAY, mayPay: true });
    // What is overdue, not the next payment: the server's 'Overdue now', fees included.
    const { figures } = (await myAccountGet(t, 'GetBorrowingSummary', loan.authorization)).json().object;
    expect(figures.overdueNow).toBeGreaterThan(0);
    expect(state.figure).toEqual({
      name: 'overdueNow',
      label: 'Overdue now',
      text: pounds(figures.overdueNow),
      amount: figures.overdueNow,
      date: null,
    });
  });
});

describe('loanStateOf: the order of what matters most', () => {
  const facts = {
    statusId: AppStatus.arrears,
    loan: { applicationId: 1, blocked: true, settled: false },
    isLegal: false,
    letter: null,
    withdrawal: null,
    breathingSpaceUntil: null,
  };

  it('a breathing space asks nothing of the customer, even in arrears', () => {
    expect(loanStateOf({ ...facts, breathingSpaceUntil: '2026-12-31' })).toMatchObject({
      state: 'breathingSpace',
      statusLine:
        'Your account is in a breathing space until 31-12-2026: we add no interest or charges and do not ask you to pay.',
      nextStep: null,
    });
  });

  it('a letter replied to says so, and a blocked card allows a payment but no plan', () => {
    expect(
      loanStateOf({
        ...facts,
        isLegal: true,
        letter: { issuedOn: '2026-11-02', replyBy: '2026-12-02', replied: true },
        breathingSpaceUntil: '2026-12-31',
      }),
    ).toMatchObject({
      state: 'legal',
      statusLine: 'We have your reply to our letter of 02-11-2026 about your debt, and we are looking at it.',
      nextStep: { label: 'See your letter and reply', path: '/pre-claim' },
      mayPay: true,
      mayReschedule: false,
    });
  });

  it('a withdrawn loan repaid owes nothing', () => {
    expect(
      loanStateOf({ ...facts, statusId: AppStatus.withdrawn, loan: { ...facts.loan, settled: true } }),
    ).toMatchObject({ state: 'withdrawn', nextStep: null, mayPay: false });
  });

  describe('withFigure: the one figure a state asks the customer to act on', () => {
    const figures = {
      toClearTodayPence: 31_050,
      leftOnPlanPence: 34_020,
      next: { date: '2026-12-20' as const, amountPence: 11_340 },
      overdueNowPence: 0,
    };
    const active = loanStateOf({ ...facts, statusId: AppStatus.active });

    it('the next payment while nothing is overdue, what is overdue once something is', () => {
      expect(withFigure(active, figures).figure).toEqual({
        name: 'nextPayment',
        label: 'Next payment',
        text: '£113.40 on 20-12-2026',
        amount: 113.4,
        date: '2026-12-20',
      });
      expect(withFigure(loanStateOf(facts), { ...figures, overdueNowPence: 128_400 }).figure).toEqual({
        name: 'overdueNow',
        label: 'Overdue now',
        text: '£1,284.00',
        amount: 1284,
        date: null,
      });
    });

    it('none when nothing is left to pay on the plan, and none for a state not paid by the plan', () => {
      expect(withFigure(active, { ...figures, next: null }).figure).toBeNull();
      const space = loanStateOf({ ...facts, breathingSpaceUntil: '2026-12-31' });
      expect(withFigure(space, { ...figures, overdueNowPence: 12_840 }).figure).toBeNull();
      expect(withFigure(active, null).figure).toBeNull();
    });
  });
});
