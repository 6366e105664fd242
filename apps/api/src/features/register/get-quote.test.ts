import { ErrorId } from '@lender/contract/error-ids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApplicant } from '../../test/factories';
import { createQuoteRequest } from '../../test/quote-request';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('Register/GetQuote', () => {
  it('prices the application as applied for', async () => {
    const date = workingDayAhead(12);
    const { authorization } = await createApplicant(t.app, {
      amount: 300,
      duration: 3,
      nextPayDate: date,
      frequencyCategory: 9,
    });
    const body = (await post('/api/Register/GetQuote', { authorization })).json();
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

  it('has no quote to show once the quote is accepted', async () => {
    const { authorization } = await createApplicant(t.app);
    await post('/api/Register/AcceptQuote', { authorization }, createQuoteRequest());
    const res = await post('/api/Register/GetQuote', { authorization });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.notFound, errorMessage: 'There is no quote to show for this application.' },
      object: null,
    });
  });

  it("answers with the caller's own application only", async () => {
    const alice = await createApplicant(t.app, { amount: 200 });
    const bob = await createApplicant(t.app, { amount: 500 });
    expect(
      (await post('/api/Register/GetQuote', { authorization: bob.authorization })).json().object.amount,
    ).toBe(500);
    expect(
      (await post('/api/Register/GetQuote', { authorization: alice.authorization })).json().object.amount,
    ).toBe(200);
  });

  it('refuses a request without a token', async () => {
    expect((await post('/api/Register/GetQuote', {})).statusCode).toBe(401);
  });
});
