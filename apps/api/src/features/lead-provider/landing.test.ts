import { cardRefusalText } from '@lender/contract/card-refusals';
import { Refusal } from '@lender/contract/refusals';
import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { ErrorId } from '@lender/contract/error-ids';
import { penceToPounds } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordLinkPurpose } from '../../entities/one-time-secrets/password-link-repository';
import { sha256 } from '../../lib/secrets';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import {
  answerBankChallenge,
  createStage3Payload,
  createStage4Payload,
  fingerprint,
  tokeniseCard,
} from '../../test/application-journey';
import { esignGet } from '../../test/esign-journey';
import { createLead, proveLanding } from '../../test/lead';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://apply.kestrel.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The landing cookie a response sets (its value), or undefined. */
const cookieSetBy = (res: Res) => {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${LANDING_COOKIE}=`));
  return header;
};
const cookieValue = (res: Res) => /^lead_landing=([^;]*)/.exec(cookieSetBy(res) ?? '')?.[1];
const withCookie = (cookie: string | undefined) => (cookie ? { cookie: `${LANDING_COOKIE}=${cookie}` } : {});

const land = (guid: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/LeadProvider/LeadLanded?guid=${guid}`,
    headers: withCookie(cookie),
  });

const quoteTerms = (overrides: Record<string, unknown> = {}) => ({
  period: 3,
  amount: 400,
  repaymentDate: workingDayAhead(10),
  wageFrequencyID: 9,
  ...overrides,
});
const getQuote = (guid: string, terms = quoteTerms()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/LeadProvider/GetQuote?${new URLSearchParams({ guid, ...Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)])) })}`,
  });

/** The card as the landing page sends it once the provider tokenised it (number and code to the provider only). */
async function cardPart(card: string = CARDS.frictionless) {
  const tokenised = await tokeniseCard(t, card);
  return {
    creditCard: { nameOnCard: 'Jane Doe', endMonth: 11, endYear: nextYear() },
    address: null,
    pKey: tokenised.key,
    trxId: tokenised.trxId,
    isSignature: await fingerprint(t, tokenised),
  };
}
const submit = (guid: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/SubmitLandedLead',
    headers: withCookie(cookie),
    payload: { guid, ...quoteTerms(), ...payload },
  });
const event = (guid: string, eventID: number, sessionID = 's-1', remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/LeadLandedEvent',
    payload: { providerID: guid, eventID, sessionID, data: null },
    remoteAddress,
  });

/** A lead opened on its landing page: the cookie this browser holds, not yet proved the applicant's. */
async function landedUnproven(overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await createLead(t, overrides);
  const res = await land(lead.guid);
  expect(res.json().error.errorID).toBe(0);
  return { ...lead, cookie: cookieValue(res)! };
}

/** A lead opened on its landing page by its applicant, who entered the code sent to their mobile (issue 45). */
async function landed(overrides: Parameters<typeof createLead>[1] = {}) {
  const lead = await landedUnproven(overrides);
  await proveLanding(t, lead, lead.cookie);
  return lead;
}

const application = (id: number) =>
  t.ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const leadRow = (applicationId: number) =>
  t.ctx.db
    .selectFrom('partner_leads')
    .selectAll()
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
const outboxTo = (to: string) =>
  t.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
const decisions = (applicationId: number) =>
  t.ctx.db
    .selectFrom('application_decisions')
    .select(['kind', 'reason'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
const refused = (res: Res, errorID: number) => {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ error: { errorID }, object: null });
};

describe('LeadProvider/LeadLanded', () => {
  it('lands an accepted lead (9 -> 10), gives this browser a cookie to prove with and answers the loan with the period clamped', async () => {
    const lead = await createLead(t, { period: 6, amount: 450, firstName: 'Priya' });
    const res = await land(lead.guid);
    const app = await application(lead.applicationId);
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
    const row = await leadRow(lead.applicationId);
    expect(row.landing_session_hash).toBeNull();
    expect(row.landing_proven_at).toBeNull();
    expect(Date.parse(row.landed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await decisions(lead.applicationId)).map((d) => d.kind)).toEqual(['lead-landed']);
  });

  it('keeps a loaded period within 1 to 6 (3 stays 3)', async () => {
    const lead = await createLead(t, { period: 3 });
    expect((await land(lead.guid)).json().object.period).toBe(3);
  });

  it('once proved, opens again in the same browser (a reload), and in no other', async () => {
    const lead = await landed();
    const row = await leadRow(lead.applicationId);
    expect(row.landing_session_hash).toBe(sha256(lead.cookie));
    expect(Date.parse(row.landing_proven_at!)).toBeGreaterThan(Date.now() - 60_000);
    const reload = await land(lead.guid, lead.cookie);
    expect(reload.json().error.errorID).toBe(0);
    expect(reload.json().object).toMatchObject({ name: 'Jane', identityConfirmed: true });
    expect(cookieSetBy(reload)).toBeUndefined();
    refused(await land(lead.guid), ErrorId.leadAlreadyUsed);
    refused(await land(lead.guid, 'x'.repeat(43)), ErrorId.leadAlreadyUsed);
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
  });

  it('refuses an unknown guid, a declined lead and an expired link with 210', async () => {
    refused(await land(crypto.randomUUID()), ErrorId.leadAlreadyUsed);
    const declined = await createLead(t, { decision: 'declined', statusId: AppStatus.leadDeclined });
    refused(await land(declined.guid), ErrorId.leadAlreadyUsed);
    const expired = await createLead(t, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    refused(await land(expired.guid), ErrorId.leadAlreadyUsed);
    expect((await application(expired.applicationId)).status_id).toBe(AppStatus.leadAccepted);
  });
});

describe('LeadProvider/GetQuote', () => {
  it("prices at the partner tier's rate right after landing, without the cookie", async () => {
    const lead = await landed({ dailyRate: DAILY_RATE_PROVIDER });
    const terms = quoteTerms();
    const res = await getQuote(lead.guid, terms);
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

    const standard = await landed({ dailyRate: DAILY_RATE_STANDARD });
    expect((await getQuote(standard.guid, terms)).json().object).toEqual(at(DAILY_RATE_STANDARD));
  });

  it('refuses a lead not landed yet, an unknown one and a submitted one with 210, and bad terms with 400', async () => {
    refused(await getQuote((await createLead(t)).guid), ErrorId.leadAlreadyUsed);
    refused(await getQuote(crypto.randomUUID()), ErrorId.leadAlreadyUsed);
    const lead = await landed();
    const bad = await getQuote(lead.guid, quoteTerms({ amount: 1001 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().object.fields).toHaveProperty('amount');
  });
});

describe('an expired link', () => {
  it('answers 210 on every landing call, even in the browser that landed', async () => {
    const lead = await landed();
    await event(lead.guid, 1);
    await t.ctx.db
      .updateTable('partner_leads')
      .set({ landing_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('application_id', '=', lead.applicationId)
      .execute();
    refused(await land(lead.guid, lead.cookie), ErrorId.leadAlreadyUsed);
    refused(await getQuote(lead.guid), ErrorId.leadAlreadyUsed);
    refused(await submit(lead.guid, lead.cookie, await cardPart()), ErrorId.leadAlreadyUsed);
    refused(await event(lead.guid, 2), ErrorId.leadAlreadyUsed);
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
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
    const lead = await landed();
    refused(await event(lead.guid, 2), ErrorId.leadEventBeforeLoaded);
    expect(await stored(lead.applicationId)).toEqual([]);

    for (const id of [1, 2, 2, 1, 3, 100]) {
      expect((await event(lead.guid, id)).json()).toEqual({
        error: { errorID: 0, errorMessage: '' },
        object: null,
      });
    }
    // Another session of the same lead starts again with its own loaded.
    refused(await event(lead.guid, 4, 's-2'), ErrorId.leadEventBeforeLoaded);
    expect((await event(lead.guid, 1, 's-2')).json().error.errorID).toBe(0);
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
    refused(await event(lead.guid, 1), ErrorId.leadAlreadyUsed);
    refused(await event(crypto.randomUUID(), 1), ErrorId.leadAlreadyUsed);
    const opened = await landed();
    expect((await event(opened.guid, 5)).statusCode).toBe(400);
    expect(await stored(opened.applicationId)).toEqual([]);
  });

  it('still takes the tracking of the submit’s result after the submit', async () => {
    const lead = await landed({ stage3: null });
    await event(lead.guid, 1);
    expect((await submit(lead.guid, lead.cookie, await cardPart())).json().error.errorID).toBe(0);
    expect((await event(lead.guid, 400)).json().error.errorID).toBe(0);
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

describe('LeadProvider/SubmitLandedLead', () => {
  it('with stage 3 and bank details: e-sign opens with its SMS and e-mail and this browser’s signing link, and no session', async () => {
    const lead = await landed();
    const res = await submit(lead.guid, lead.cookie, { ...(await cardPart()), amount: 500, period: 4 });
    const body = res.json();
    expect(body).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        appStatusID: AppStatus.esignSent,
        appGuid: lead.guid,
        redirectUrl: null,
        signingToken: expect.stringMatching(/^\S{20,}$/),
        token: null,
        refreshToken: null,
      },
    });
    // The landing is over: the cookie goes, and the link opens no more.
    expect(cookieSetBy(res)).toMatch(/^lead_landing=; .*Max-Age=0$/);
    const app = await application(lead.applicationId);
    expect(app).toMatchObject({ status_id: AppStatus.esignSent, amount_pence: 50_000, period: 4 });
    expect(app.quote_total_repayable_pence).toBe(
      buildQuote({
        amountPence: 50_000,
        period: 4,
        repaymentDate: app.repayment_date as never,
        wageFrequencyId: 9,
        dailyRate: DAILY_RATE_PROVIDER,
      }).totalRepayablePence,
    );
    expect((await leadRow(lead.applicationId)).submitted_at).not.toBeNull();
    const cards = await t.ctx.db
      .selectFrom('cards')
      .selectAll()
      .where('application_id', '=', lead.applicationId)
      .execute();
    expect(cards).toHaveLength(1);
    const assessed = await t.ctx.db
      .selectFrom('application_affordability')
      .select('approved')
      .where('application_id', '=', lead.applicationId)
      .executeTakeFirstOrThrow();
    expect(assessed.approved).toBe(1);

    // The landing code (issue 45), then e-sign's own code.
    const sms = await outboxTo(lead.mobile);
    expect(sms).toHaveLength(2);
    const mails = (await outboxTo(lead.email)).map((m) => m.subject);
    expect(mails).toHaveLength(2);
    expect(mails.some((s) => /welcome/i.test(s ?? ''))).toBe(true);
    expect(mails.some((s) => /e-?sign/i.test(s ?? ''))).toBe(true);
    // The welcome e-mail's set-password link, as stage 1 gives one.
    const passwordLinks = await t.ctx.db
      .selectFrom('one_time_tokens')
      .select('purpose')
      .where('customer_id', '=', lead.customerId)
      .execute();
    expect(passwordLinks).toEqual([{ purpose: PasswordLinkPurpose.setPassword }]);

    // The signing token opens e-sign for this application.
    const esign = await esignGet(
      t,
      'GetEsign',
      { guid: lead.guid },
      { 'x-signing-token': body.object.signingToken },
    );
    expect(esign.json().error.errorID).toBe(0);

    refused(await submit(lead.guid, lead.cookie, await cardPart()), ErrorId.leadAlreadyUsed);
    refused(await land(lead.guid, lead.cookie), ErrorId.leadAlreadyUsed);
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.esignSent);
    expect((await decisions(lead.applicationId)).map((d) => d.kind)).toEqual([
      'lead-landed',
      'card-accepted',
      'affordability-passed',
    ]);
  });

  it('with stage 3 but no bank details: back to leadLanded with a session, and stage 4 takes it to e-sign', async () => {
    const lead = await landed({ bank: false });
    const res = await submit(lead.guid, lead.cookie, await cardPart());
    const { object } = res.json();
    expect(object).toMatchObject({
      appStatusID: AppStatus.leadLanded,
      appGuid: lead.guid,
      redirectUrl: null,
      signingToken: null,
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(await outboxTo(lead.mobile)).toHaveLength(1); // the landing code only
    const stage4 = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage4',
      headers: { authorization: `Bearer ${object.token}` },
      payload: createStage4Payload(),
    });
    expect(stage4.json().object).toEqual({ appStatusID: AppStatus.esignSent, appGuid: lead.guid });
    expect(await outboxTo(lead.mobile)).toHaveLength(2);
  });

  it('without stage 3: cardAccepted with a session, for stage 3', async () => {
    const lead = await landed({ stage3: null });
    const { object } = (await submit(lead.guid, lead.cookie, await cardPart())).json();
    expect(object).toMatchObject({
      appStatusID: AppStatus.cardAccepted,
      signingToken: null,
      token: expect.any(String),
    });
    const stage3 = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage3',
      headers: { authorization: `Bearer ${object.token}` },
      payload: createStage3Payload(),
    });
    expect(stage3.json().object.appStatusID).toBe(AppStatus.applicationCompleted);
  });

  it('a declined card: leadLandedCardDeclined with the provider’s text, then another card goes through', async () => {
    const lead = await landed();
    const declined = await submit(lead.guid, lead.cookie, await cardPart(CARDS.declined));
    expect(declined.json()).toEqual({
      error: {
        errorID: ErrorId.cardDeclined,
        // The provider's 05 (do not honour) in plain words with the next step (issue 31).
        errorMessage: cardRefusalText('05'),
      },
      object: null,
    });
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.leadLandedCardDeclined);
    expect(cookieSetBy(declined)).toBeUndefined();
    // The page may still be reloaded and re-priced.
    expect((await land(lead.guid, lead.cookie)).json().error.errorID).toBe(0);
    expect((await getQuote(lead.guid)).json().error.errorID).toBe(0);

    const retry = await submit(lead.guid, lead.cookie, await cardPart());
    expect(retry.json().object.appStatusID).toBe(AppStatus.esignSent);
  });

  it('a card the bank challenges: the challenge returns to the landing page, and the second submit goes through', async () => {
    const lead = await landed();
    const card = await cardPart(CARDS.challenge);
    const first = (await submit(lead.guid, lead.cookie, card)).json().object;
    expect(first).toMatchObject({ appStatusID: AppStatus.leadLanded, signingToken: null, token: null });
    expect(first.redirectUrl).toMatch(/\/sandbox\/card-provider\/challenge\?/);
    const back = await answerBankChallenge(t, first.redirectUrl, 'confirm');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/loan/lead-provider/${lead.guid}`);
    expect(back.searchParams.get('z2')).toBe('0');

    const second = (await submit(lead.guid, lead.cookie, card)).json().object;
    expect(second).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
  });

  // Issue 45 item 5: one card check on two customers.
  it("refuses another lead's card check, changing nothing of this one; its owner's still goes through", async () => {
    const a = await landed();
    const card = await cardPart(CARDS.challenge);
    const first = (await submit(a.guid, a.cookie, card)).json().object;
    await answerBankChallenge(t, first.redirectUrl, 'confirm');

    const b = await landed();
    const statusBefore = (await application(b.applicationId)).status_id;
    const decisionsBefore = await decisions(b.applicationId);
    const stolen = await submit(b.guid, b.cookie, card);
    expect(stolen.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect((await application(b.applicationId)).status_id).toBe(statusBefore);
    expect(await decisions(b.applicationId)).toEqual(decisionsBefore);
    expect((await leadRow(b.applicationId)).submitted_at).toBeNull();
    const cardsOfB = await t.ctx.db
      .selectFrom('cards')
      .select('id')
      .where('application_id', '=', b.applicationId)
      .execute();
    expect(cardsOfB).toEqual([]);

    const own = (await submit(a.guid, a.cookie, card)).json().object;
    expect(own).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
  });

  it('declines when affordability fails: 201, leadDeclined, recorded, no welcome', async () => {
    const lead = await landed({ netMonthlyIncomePence: 100_000 });
    const res = await submit(lead.guid, lead.cookie, await cardPart());
    refused(res, ErrorId.declined);
    expect(cookieSetBy(res)).toMatch(/Max-Age=0/);
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.leadDeclined);
    const kinds = (await decisions(lead.applicationId)).map((d) => d.kind);
    expect(kinds).toEqual(['lead-landed', 'card-accepted', 'declined']);
    expect(await outboxTo(lead.email)).toEqual([]);
    refused(await submit(lead.guid, lead.cookie, await cardPart()), ErrorId.leadAlreadyUsed);
  });

  it('refuses a submit without the landing cookie or with another one (210), changing nothing', async () => {
    const lead = await landed();
    const other = await landed();
    refused(await submit(lead.guid, undefined, await cardPart()), ErrorId.leadAlreadyUsed);
    refused(await submit(lead.guid, other.cookie, await cardPart()), ErrorId.leadAlreadyUsed);
    refused(await submit((await createLead(t)).guid, lead.cookie, await cardPart()), ErrorId.leadAlreadyUsed);
    expect((await application(lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
    expect((await leadRow(lead.applicationId)).submitted_at).toBeNull();
  });

  it('refuses a body carrying the card number (it goes to the provider only)', async () => {
    const lead = await landed();
    const card = await cardPart();
    const res = await submit(lead.guid, lead.cookie, {
      ...card,
      creditCard: { ...card.creditCard, cardNumber: CARDS.frictionless },
    });
    expect(res.statusCode).toBe(400);
  });

  it('moves the status once when two submits race', async () => {
    const lead = await landed({ bank: false });
    const card = await cardPart();
    const answers = await Promise.all([
      submit(lead.guid, lead.cookie, card),
      submit(lead.guid, lead.cookie, card),
    ]);
    const ids = answers.map((r) => r.json().error.errorID).sort((a, b) => a - b);
    expect(ids).toEqual([0, ErrorId.leadAlreadyUsed]);
    const cards = await t.ctx.db
      .selectFrom('cards')
      .select('id')
      .where('application_id', '=', lead.applicationId)
      .execute();
    expect(cards).toHaveLength(1);
  });
});
