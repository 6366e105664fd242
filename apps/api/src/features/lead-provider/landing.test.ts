import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { ErrorId } from '@lender/contract/error-ids';
import { penceToPounds } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import { decisionsOf } from '../../test/live-loan';
import { createLead } from '../../test/lead';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  cookieSetBy,
  land,
  quoteTerms,
  getQuote,
  cardPart,
  submit,
  event,
  landed,
  application,
  leadRow,
  refused,
  createLandingApp,
} from '../../test/landing';

let t: TestApp;
beforeAll(async () => {
  t = await createLandingApp();
});
afterAll(() => t?.close());

describe('LeadProvider/LeadLanded', () => {
  it('lands an accepted lead (9 -> 10), gives this browser a cookie to prove with and answers the loan with the period clamped', async () => {
    const lead = await createLead(t, { period: 6, amount: 450, firstName: 'Priya' });
    const res = await land(t, lead.guid);
    const app = await application(t, lead.applicationId);
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        name: 'Priya',
        amount: 450,
        period: 4,
        wageFrequency: 9,
        repaymentDate: app.repayment_date,
        identityConfirmed: false,
      },
    });
    expect(app.status_id).toBe(AppStatus.leadLanded);
    // A session cookie for the landing calls only, out of scripts' reach.
    const header = cookieSetBy(res)!;
    expect(header).toMatch(/; Path=\/api\/LeadProvider; HttpOnly; SameSite=Lax; Secure$/);
    expect(header).not.toMatch(/Max-Age|Expires/i);
    // No browser is bound before the applicant's proof: the link alone proves nothing (issue 45).
    const row = await leadRow(t, lead.applicationId);
    expect(row.landing_session_hash).toBeNull();
    expect(row.landing_proven_at).toBeNull();
    expect(Date.parse(row.landed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await decisionsOf(t, lead.applicationId)).map((d) => d.kind)).toEqual(['lead-landed']);
  });

  it('keeps a loaded period within 1 to 6 (3 stays 3)', async () => {
    const lead = await createLead(t, { period: 3 });
    expect((await land(t, lead.guid)).json().object.period).toBe(3);
  });

  it('once proved, opens again in the same browser (a reload), and in no other', async () => {
    const lead = await landed(t);
    const row = await leadRow(t, lead.applicationId);
    expect(row.landing_session_hash).toBe(sha256(lead.cookie));
    expect(Date.parse(row.landing_proven_at!)).toBeGreaterThan(Date.now() - 60_000);
    const reload = await land(t, lead.guid, lead.cookie);
    expect(reload.json().error.errorID).toBe(0);
    expect(reload.json().object).toMatchObject({ name: 'Jane', identityConfirmed: true });
    expect(cookieSetBy(reload)).toBeUndefined();
    refused(await land(t, lead.guid), ErrorId.leadAlreadyUsed);
    refused(await land(t, lead.guid, 'x'.repeat(43)), ErrorId.leadAlreadyUsed);
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
  });

  it('refuses an unknown guid, a declined lead and an expired link with 210', async () => {
    refused(await land(t, crypto.randomUUID()), ErrorId.leadAlreadyUsed);
    const declined = await createLead(t, { decision: 'declined', statusId: AppStatus.leadDeclined });
    refused(await land(t, declined.guid), ErrorId.leadAlreadyUsed);
    const expired = await createLead(t, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    refused(await land(t, expired.guid), ErrorId.leadAlreadyUsed);
    expect((await application(t, expired.applicationId)).status_id).toBe(AppStatus.leadAccepted);
  });
});

describe('LeadProvider/GetQuote', () => {
  it("prices at the partner tier's rate right after landing, without the cookie", async () => {
    const lead = await landed(t, { dailyRate: DAILY_RATE_PROVIDER });
    const terms = quoteTerms();
    const res = await getQuote(t, lead.guid, terms);
    const at = (dailyRate: number) => {
      const q = buildQuote({
        amountPence: 40_000,
        period: 3,
        repaymentDate: terms.repaymentDate,
        wageFrequencyId: 9,
        dailyRate,
      });
      return {
        monthlyRepayment: penceToPounds(Math.max(...q.schedule.map((l) => l.paymentPence))),
        creditCharge: penceToPounds(q.totalInterestPence),
        totalToPay: penceToPounds(q.totalRepayablePence),
        apr: q.aprPercent,
      };
    };
    expect(res.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: at(DAILY_RATE_PROVIDER) });
    // The standard rate would cost more: the tier is what priced it.
    expect(at(DAILY_RATE_STANDARD).creditCharge).toBeGreaterThan(res.json().object.creditCharge);

    const standard = await landed(t, { dailyRate: DAILY_RATE_STANDARD });
    expect((await getQuote(t, standard.guid, terms)).json().object).toEqual(at(DAILY_RATE_STANDARD));
  });

  it('refuses a lead not landed yet, an unknown one and a submitted one with 210, and bad terms with 400', async () => {
    refused(await getQuote(t, (await createLead(t)).guid), ErrorId.leadAlreadyUsed);
    refused(await getQuote(t, crypto.randomUUID()), ErrorId.leadAlreadyUsed);
    const lead = await landed(t);
    const bad = await getQuote(t, lead.guid, quoteTerms({ amount: 1001 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().object.fields).toHaveProperty('amount');
  });
});

describe('an expired link', () => {
  it('answers 210 on every landing call, even in the browser that landed', async () => {
    const lead = await landed(t);
    await event(t, lead.guid, 1);
    await t.ctx.db
      .updateTable('partner_leads')
      .set({ landing_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('application_id', '=', lead.applicationId)
      .execute();
    refused(await land(t, lead.guid, lead.cookie), ErrorId.leadAlreadyUsed);
    refused(await getQuote(t, lead.guid), ErrorId.leadAlreadyUsed);
    refused(await submit(t, lead.guid, lead.cookie, await cardPart(t)), ErrorId.leadAlreadyUsed);
    refused(await event(t, lead.guid, 2), ErrorId.leadAlreadyUsed);
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
  });
});

describe('LeadProvider/LeadLandedEvent', () => {
  const stored = (applicationId: number) =>
    t.ctx.db
      .selectFrom('lead_events as e')
      .innerJoin('partner_leads as l', 'l.id', 'e.lead_id')
      .select(['e.session_id', 'e.event_id'])
      .where('l.application_id', '=', applicationId)
      .orderBy('e.id')
      .execute();

  it('stores each event once per session, and only after that session’s loaded', async () => {
    const lead = await landed(t);
    refused(await event(t, lead.guid, 2), ErrorId.leadEventBeforeLoaded);
    expect(await stored(lead.applicationId)).toEqual([]);

    for (const id of [1, 2, 2, 1, 3, 100]) {
      expect((await event(t, lead.guid, id)).json()).toEqual({
        error: { errorID: 0, errorMessage: '' },
        object: null,
      });
    }
    // Another session of the same lead starts again with its own loaded.
    refused(await event(t, lead.guid, 4, 's-2'), ErrorId.leadEventBeforeLoaded);
    expect((await event(t, lead.guid, 1, 's-2')).json().error.errorID).toBe(0);
    expect(await stored(lead.applicationId)).toEqual([
      { session_id: 's-1', event_id: 1 },
      { session_id: 's-1', event_id: 2 },
      { session_id: 's-1', event_id: 3 },
      { session_id: 's-1', event_id: 100 },
      { session_id: 's-2', event_id: 1 },
    ]);
  });

  it('refuses a lead that has not landed or is unknown (210) and an event id of no meaning (400)', async () => {
    const lead = await createLead(t);
    refused(await event(t, lead.guid, 1), ErrorId.leadAlreadyUsed);
    refused(await event(t, crypto.randomUUID(), 1), ErrorId.leadAlreadyUsed);
    const opened = await landed(t);
    expect((await event(t, opened.guid, 5)).statusCode).toBe(400);
    expect(await stored(opened.applicationId)).toEqual([]);
  });

  it('still takes the tracking of the submit’s result after the submit', async () => {
    const lead = await landed(t, { stage3: null });
    await event(t, lead.guid, 1);
    expect((await submit(t, lead.guid, lead.cookie, await cardPart(t))).json().error.errorID).toBe(0);
    expect((await event(t, lead.guid, 400)).json().error.errorID).toBe(0);
  });

  it('is rationed per caller address: 429 with Retry-After, nothing stored', async () => {
    const limited = await createTestApp({ LEAD_EVENTS_PER_ADDRESS: '2' });
    try {
      const lead = await createLead(limited);
      await limited.app.inject({ method: 'GET', url: `/api/LeadProvider/LeadLanded?guid=${lead.guid}` });
      const send = (eventID: number, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/LeadProvider/LeadLandedEvent',
          payload: { providerID: lead.guid, eventID, sessionID: 's', data: null },
          remoteAddress,
        });
      const statuses = [];
      for (const id of [1, 2, 3]) statuses.push((await send(id, '198.51.100.30')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refusedOne = await send(4, '198.51.100.30');
      expect(Number(refusedOne.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(4, '198.51.100.31')).statusCode).toBe(200);
      const rows = await limited.ctx.db.selectFrom('lead_events').select('event_id').execute();
      expect(rows.map((r) => r.event_id).sort()).toEqual([1, 2, 4]);
    } finally {
      await limited.close();
    }
  });
});
