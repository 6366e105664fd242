import { AppStatus } from '@lender/contract/status';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApplicant, createSession } from '../../test/factories';
import { createQuoteRequest } from '../../test/quote-request';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const status = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/Register/GetApplicationStatus', headers });

describe('Register/GetApplicationStatus', () => {
  it("follows the applicant's newest application, with the income given at stage 1 (for stage 3's sums)", async () => {
    const { authorization } = await createApplicant(t.app);
    const { guid } = await t.ctx.db.selectFrom('applications').select('guid').executeTakeFirstOrThrow();
    expect((await status({ authorization })).json().object).toEqual({
      appStatusID: AppStatus.applicationNew,
      appGuid: guid,
      isEnd: false,
      netMonthlyIncome: 2200,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/Register/AcceptQuote',
      headers: { authorization },
      payload: createQuoteRequest(),
    });
    expect((await status({ authorization })).json().object).toEqual({
      appStatusID: AppStatus.offerAccepted,
      appGuid: guid,
      isEnd: false,
      netMonthlyIncome: 2200,
    });
  });

  it('answers status 0, ended, for a customer without an application', async () => {
    const { authorization } = await createSession(t.ctx);
    expect((await status({ authorization })).json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { appStatusID: 0, appGuid: null, isEnd: true, netMonthlyIncome: null },
    });
  });

  it('refuses a request without a token', async () => {
    expect((await status({})).statusCode).toBe(401);
  });
});
