import { ErrorId } from '@lender/contract/error-ids';
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

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const accept = (headers: Record<string, string>, payload: object) =>
  post('/api/Register/AcceptQuote', headers, payload);
const applications = () => t.ctx.db.selectFrom('applications').selectAll().orderBy('id').execute();

describe('Register/AcceptQuote', () => {
  it('stores the quote as calculated and moves the application to offerAccepted, once', async () => {
    const { authorization } = await createApplicant(t.app);
    const request = createQuoteRequest({ period: 2, amount: 500, repaymentDate: workingDayAhead(8) });
    const calculated = (await post('/api/Register/CalculateQuote', { authorization }, request)).json().object;

    const res = await accept({ authorization }, request);
    const [app] = await applications();
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { appStatusID: AppStatus.offerAccepted, appGuid: app!.guid },
    });
    expect(app).toMatchObject({
      status_id: AppStatus.offerAccepted,
      amount_pence: 50000,
      period: 2,
      repayment_date: request.repaymentDate,
      wage_frequency_id: 9,
      quote_total_repayable_pence: Math.round(calculated.totalRepayment * 100),
      quote_instalment_pence: Math.round(calculated.paymetOf * 100),
      quote_apr_percent: calculated.apr,
    });
    const decision = await t.ctx.db
      .selectFrom('application_decisions')
      .selectAll()
      .where('kind', '=', 'quote-accepted')
      .executeTakeFirstOrThrow();
    expect(decision.reason).toMatch(/^£500\.00 over 2, total \d+p/);

    const again = await accept({ authorization }, request);
    expect(again.json().error.errorID).toBe(ErrorId.quoteClosed);
  });

  it.each(REFUSED_QUOTE_REQUESTS)(
    'refuses %o with 400 and the field message, changing nothing',
    async (bad, field, message) => {
      const { authorization } = await createApplicant(t.app);
      const res = await accept({ authorization }, { ...createQuoteRequest(), ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().object.fields[field]).toBe(message);
      const [app] = await applications();
      expect(app!.status_id).toBe(AppStatus.applicationNew);
    },
  );

  it("another applicant's token accepts their own application, never this one", async () => {
    await createApplicant(t.app, { amount: 200 });
    const bob = await createApplicant(t.app, { amount: 500 });
    await accept({ authorization: bob.authorization }, createQuoteRequest({ amount: 900 }));
    const [alices, bobs] = await applications();
    expect(alices).toMatchObject({ status_id: AppStatus.applicationNew, amount_pence: 20000 });
    expect(bobs).toMatchObject({ status_id: AppStatus.offerAccepted, amount_pence: 90000 });
  });

  it('refuses a request without a token', async () => {
    expect((await accept({}, createQuoteRequest())).statusCode).toBe(401);
  });
});
