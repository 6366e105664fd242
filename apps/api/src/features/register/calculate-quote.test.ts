import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApplicant } from '../../test/factories';
import { createQuoteRequest, REFUSED_QUOTE_REQUESTS } from '../../test/quote-request';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const calculate = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/Register/CalculateQuote', headers, payload });

describe('Register/CalculateQuote', () => {
  it('prices other terms without changing the application', async () => {
    const { authorization } = await createApplicant(t.app, { amount: 300 });
    const request = createQuoteRequest({ period: 2, amount: 500, repaymentDate: workingDayAhead(8) });
    const body = (await calculate({ authorization }, request)).json();
    expect(body.error.errorID).toBe(0);
    expect(body.object).toMatchObject({
      amount: 500,
      borrow: 500,
      period: 2,
      repaymentDate: request.repaymentDate,
      wageFrequencyID: 9,
      wageFrequency: 'Monthly',
      repayOver: '2 months',
    });
    expect(body.object.schedule).toHaveLength(2);
    const app = await t.ctx.db.selectFrom('applications').selectAll().executeTakeFirstOrThrow();
    expect(app).toMatchObject({ amount_pence: 30000, period: 3, status_id: AppStatus.applicationNew });
  });

  it('uses the fixed date of a wage frequency that has one', async () => {
    const { authorization } = await createApplicant(t.app);
    const request = createQuoteRequest({ repaymentDate: workingDayAhead(20), wageFrequencyID: 1 });
    const q = (await calculate({ authorization }, request)).json().object;
    expect(q.wageFrequency).toBe('Specific date');
    expect(q.repaymentDate).not.toBe(request.repaymentDate);
    expect(q.schedule[0].paymentDate).toBe(q.repaymentDate);
  });

  it.each(REFUSED_QUOTE_REQUESTS)(
    'refuses %o with 400 and the field message',
    async (bad, field, message) => {
      const { authorization } = await createApplicant(t.app);
      const res = await calculate({ authorization }, { ...createQuoteRequest(), ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().object.fields[field]).toBe(message);
    },
  );

  it('refuses a request without a token', async () => {
    expect((await calculate({}, createQuoteRequest())).statusCode).toBe(401);
  });
});
