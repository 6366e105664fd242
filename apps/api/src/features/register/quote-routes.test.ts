import { ErrorId } from '@lender/contract/error-ids';
import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStage1Payload, workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** An applicant who has just passed stage1, with their bearer header. */
async function applicant(overrides = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Register/SubmitStage1',
    payload: createStage1Payload(overrides),
  });
  return { authorization: `Bearer ${res.json().object.token as string}` };
}

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('Register quote calls', () => {
  it('GetQuote prices the application as applied for', async () => {
    const date = workingDayAhead(12);
    const headers = await applicant({ amount: 300, duration: 3, nextPayDate: date, frequencyCategory: 9 });
    const body = (await post('/api/Register/GetQuote', headers)).json();
    expect(body.error.errorID).toBe(0);
    const q = body.object;
    expect(q).toMatchObject({
      amount: 300,
      borrow: 300,
      period: 3,
      repaymentDate: date,
      wageFrequencyID: 9,
      wageFrequency: 'Monthly',
      repayOver: '3 months',
    });
    expect(q.schedule).toHaveLength(3);
    const sum = q.schedule.reduce((s: number, r: { amount: number }) => s + Math.round(r.amount * 100), 0);
    expect(sum).toBe(Math.round(q.totalRepayment * 100));
    expect(Math.round(q.totalRepayment * 100)).toBe(30000 + Math.round(q.totalInterest * 100));
    expect(q.totalInterest).toBeLessThanOrEqual(300);
    expect(q.apr).toBeGreaterThan(0);
  });

  it('CalculateQuote recalculates without changing the application; AcceptQuote stores it and moves to offerAccepted', async () => {
    const headers = await applicant();
    const request = { period: 2, amount: 500, repaymentDate: workingDayAhead(8), wageFrequencyID: 9 };
    const calc = (await post('/api/Register/CalculateQuote', headers, request)).json();
    expect(calc.error.errorID).toBe(0);
    expect(calc.object).toMatchObject({ amount: 500, period: 2, repayOver: '2 months' });
    let app = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(app.amount_pence).toBe(30000);

    const accept = (await post('/api/Register/AcceptQuote', headers, request)).json();
    expect(accept.error.errorID).toBe(0);
    expect(accept.object).toEqual({ appStatusID: AppStatus.offerAccepted, appGuid: app.guid });
    app = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(app).toMatchObject({ status_id: AppStatus.offerAccepted, amount_pence: 50000, duration: 2 });
    expect(app.quote_total_pence).toBe(Math.round(calc.object.totalRepayment * 100));

    // Accepting again, or asking for the quote once accepted, is refused.
    expect((await post('/api/Register/AcceptQuote', headers, request)).json().error.errorID).toBe(
      ErrorId.quoteClosed,
    );
    expect((await post('/api/Register/GetQuote', headers)).json().error.errorID).toBe(ErrorId.notFound);
    const status = (
      await t.app.inject({ method: 'GET', url: '/api/Register/GetApplicationStatus', headers })
    ).json();
    expect(status.object).toEqual({ appStatusID: AppStatus.offerAccepted, appGuid: app.guid, isEnd: false });
  });

  it('uses the fixed date of a wage frequency that has one', async () => {
    const headers = await applicant();
    const request = { period: 3, amount: 300, repaymentDate: workingDayAhead(20), wageFrequencyID: 1 };
    const q = (await post('/api/Register/CalculateQuote', headers, request)).json().object;
    expect(q.repaymentDate).not.toBe(request.repaymentDate);
    expect(q.schedule[0].paymentDate).toBe(q.repaymentDate);
  });

  it.each([
    [{ amount: 1001 }, 'amount', 'Amount is beyond the maximum allowed'],
    [{ amount: 0 }, 'amount', 'Please enter amount'],
    [{ period: 0 }, 'period', 'Please enter instalment.'],
    [{ wageFrequencyID: 999 }, 'wageFrequencyID', 'Please enter your day of repayment'],
    [
      { repaymentDate: '2020-01-01' },
      'repaymentDate',
      'Please choose a weekday between 6 and 45 days from today.',
    ],
  ])('rejects %o with 400 and the field message, changing nothing', async (bad, field, message) => {
    const headers = await applicant();
    const request = {
      period: 3,
      amount: 300,
      repaymentDate: workingDayAhead(10),
      wageFrequencyID: 9,
      ...bad,
    };
    for (const url of ['/api/Register/CalculateQuote', '/api/Register/AcceptQuote']) {
      const res = await post(url, headers, request);
      expect(res.statusCode).toBe(400);
      expect(res.json().object.fields[field]).toBe(message);
    }
    const app = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(app.status_id).toBe(AppStatus.applicationNew);
  });

  it("another applicant's token neither reads nor changes this application", async () => {
    const alice = await applicant({ amount: 200 });
    const bob = await applicant({ amount: 500 });
    const bobQuote = (await post('/api/Register/GetQuote', bob)).json().object;
    expect(bobQuote.amount).toBe(500);
    await post('/api/Register/AcceptQuote', bob, {
      period: 3,
      amount: 900,
      repaymentDate: workingDayAhead(10),
      wageFrequencyID: 9,
    });
    const aliceApp = await t.ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('amount_pence', '=', 20000)
      .executeTakeFirstOrThrow();
    expect(aliceApp.status_id).toBe(AppStatus.applicationNew);
    expect((await post('/api/Register/GetQuote', alice)).json().object.amount).toBe(200);
  });

  it('every quote call refuses a request without a token', async () => {
    for (const url of [
      '/api/Register/GetQuote',
      '/api/Register/CalculateQuote',
      '/api/Register/AcceptQuote',
    ]) {
      expect((await post(url, {}, {})).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/Register/GetApplicationStatus' })).statusCode,
    ).toBe(401);
  });
});
