import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedAmountCheck, WATCHED_AMOUNT_PENCE } from '../../../test/checks/watched-amount';
import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { CARDS, nextYear } from '../../../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from '../../../test/application-journey';
import { createLead, proveLanding } from '../../../test/lead';
import { createLeadPayload, createPartner, postLead } from '../../../test/partner-leads';
import { settledLoan } from '../../../test/live-loan';
import { repeatBody } from '../../../test/repeat-loan-payload';
import { createStage1Payload, workingDayAhead } from '../../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { decisionFindingsRepository } from './decision-findings-repository';

let t: TestApp;
beforeAll(async () => {
  // One list entry: the app's own checks, then the test's.
  t = await createTestApp({}, { decisionChecks: (checks) => [...checks, watchedAmountCheck] });
});
afterAll(() => t.close());

const watchedPounds = WATCHED_AMOUNT_PENCE / 100;

const applicationBy = (where: { guid: string } | { email: string }) => {
  const q = t.ctx.db
    .selectFrom('applications')
    .innerJoin('customers', 'customers.id', 'applications.customer_id')
    .select(['applications.id', 'applications.status_id']);
  return (
    'guid' in where
      ? q.where('applications.guid', '=', where.guid)
      : q.where('customers.email', '=', where.email)
  )
    .orderBy('applications.id', 'desc')
    .executeTakeFirstOrThrow();
};

const declinedReason = async (applicationId: number) =>
  (
    await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', applicationId)
      .where('kind', '=', 'declined')
      .executeTakeFirstOrThrow()
  ).reason;

const findingsOf = (applicationId: number) => decisionFindingsRepository(t.ctx.db).of(applicationId);

const watchedDecline = {
  check: 'watched-amount',
  outcome: 'decline',
  reasonCode: 'amount-watched',
  details: { amountPence: WATCHED_AMOUNT_PENCE },
};

describe('a check added to the decision step by one file and one list entry', () => {
  it('runs for a new application, is recorded when it passes, and declines it (SubmitStage1)', async () => {
    const passing = createStage1Payload({ amount: 300 });
    const ok = await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload: passing });
    expect(ok.json().error.errorID).toBe(0);
    const passed = await applicationBy({ email: passing.email });
    expect(await findingsOf(passed.id)).toEqual([
      { check: 'existing-customer', outcome: 'pass', reasonCode: 'newPerson', details: {} },
      { check: 'screen', outcome: 'pass', reasonCode: 'passed', details: {} },
      // The app's own last check, the credit file (a soft search of a clean sandbox file), then the test's.
      {
        check: 'credit-reference',
        outcome: 'pass',
        reasonCode: 'clear',
        details: expect.objectContaining({ searchType: 'quotation', reused: false }),
      },
      {
        check: 'watched-amount',
        outcome: 'pass',
        reasonCode: 'amount-not-watched',
        details: { amountPence: 30_000 },
      },
    ]);

    const watched = createStage1Payload({ amount: watchedPounds });
    const res = await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage1', payload: watched });
    expect(res.json().error.errorID).toBe(ErrorId.declined);
    const declined = await applicationBy({ email: watched.email });
    expect(declined.status_id).toBe(AppStatus.leadDeclined);
    expect(await declinedReason(declined.id)).toBe('watched-amount: the amount is watched');
    expect((await findingsOf(declined.id)).at(-1)).toEqual(watchedDecline);
  });

  it("declines a partner's lead, answering the neutral decline and recording the check", async () => {
    const partner = await createPartner(t.ctx);
    const lead = createLeadPayload({ amount: watchedPounds });
    const res = await postLead(t.app, partner.authorization, lead);
    expect(res.json().object).toEqual({
      decision: 'declined',
      appGuid: null,
      redirectUrl: null,
      reason: 'notEligible',
    });
    const declined = await applicationBy({ email: lead.email });
    expect(declined.status_id).toBe(AppStatus.leadDeclined);
    expect(await declinedReason(declined.id)).toBe('watched-amount: the amount is watched');
    expect((await findingsOf(declined.id)).map((f) => f.check)).toEqual([
      'existing-customer',
      'screen',
      'credit-reference',
      'watched-amount',
    ]);
    expect((await findingsOf(declined.id)).at(-1)).toEqual(watchedDecline);
  });

  it('declines a repeat loan (Register/RepeatLoan), after the repeat-lending checks passed', async () => {
    const c = await settledLoan(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/RepeatLoan',
      headers: { authorization: c.authorization, 'idempotency-key': randomUUID() },
      payload: repeatBody(c, { amount: watchedPounds }),
    });
    expect(res.json(), res.body).toMatchObject({ error: Refusal.declined });
    const declined = await applicationBy({ email: c.email });
    expect(declined.status_id).toBe(AppStatus.leadDeclined);
    expect(await declinedReason(declined.id)).toMatch(
      /^DECLINES watched-amount: the amount is watched; screen: /,
    );
    // Every finding in words is longer than the column (PostgreSQL refuses more than 500 characters): cut,
    // with the findings kept whole beside it.
    expect((await declinedReason(declined.id)).length).toBeLessThanOrEqual(500);
    expect((await findingsOf(declined.id)).map((f) => [f.check, f.outcome])).toEqual([
      ['screen', 'pass'],
      ['affordability', 'pass'],
      ['loans-in-12-months', 'pass'],
      ['combined-cost', 'pass'],
      ['defaults', 'pass'],
      ['credit-reference', 'pass'],
      ['watched-amount', 'decline'],
    ]);
  });

  it("declines a partner's lead landed with the watched amount (the checks that read terms run again)", async () => {
    const lead = await createLead(t, { amount: 300 });
    const landed = await t.app.inject({
      method: 'GET',
      url: `/api/LeadProvider/LeadLanded?guid=${lead.guid}`,
    });
    const cookie = /^lead_landing=([^;]*)/.exec(String(landed.headers['set-cookie']))![1]!;
    await proveLanding(t, lead, cookie);
    const card = await tokeniseCard(t, CARDS.frictionless);
    const isSignature = await fingerprint(t, card);
    const submit = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/LeadProvider/SubmitLandedLead',
        headers: { cookie: `${LANDING_COOKIE}=${cookie}` },
        payload: {
          guid: lead.guid,
          period: 3,
          amount,
          repaymentDate: workingDayAhead(10),
          wageFrequencyID: 9,
          creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
          address: null,
          pKey: card.key,
          trxId: card.trxId,
          isSignature,
        },
      });
    const res = await submit(watchedPounds);
    expect(res.json().error.errorID).toBe(ErrorId.declined);
    expect((await applicationBy({ guid: lead.guid })).status_id).toBe(AppStatus.leadDeclined);
    const reasons = await t.ctx.db
      .selectFrom('application_decisions')
      .select('reason')
      .where('application_id', '=', lead.applicationId)
      .where('kind', '=', 'declined')
      .execute();
    expect(reasons).toEqual([{ reason: 'landing terms: watched-amount: the amount is watched' }]);
  });
});
