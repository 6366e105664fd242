import { cardRefusalText } from '@lender/contract/card-refusals';
import { Refusal } from '@lender/contract/refusals';
import { DAILY_RATE_PROVIDER } from '@lender/contract/constants';
import { ErrorId } from '@lender/contract/error-ids';
import { buildQuote } from '@lender/contract/pricing/quote';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordLinkPurpose } from '../../entities/one-time-secrets/password-link-repository';
import { CARDS } from '../../sandbox/card-provider/test-support';
import {
  answerBankChallenge,
  createStage3Payload,
  createStage4Payload,
} from '../../test/application-journey';
import { esignGet } from '../../test/esign-journey';
import { decisionsOf } from '../../test/live-loan';
import { createLead } from '../../test/lead';
import type { TestApp } from '../../test/test-app';
import {
  cookieSetBy,
  land,
  getQuote,
  cardPart,
  submit,
  landed,
  application,
  leadRow,
  outboxTo,
  refused,
  createLandingApp,
  LANDING_PUBLIC_URL,
} from '../../test/landing';

let t: TestApp;
beforeAll(async () => {
  t = await createLandingApp();
});
afterAll(() => t?.close());

describe('LeadProvider/SubmitLandedLead', () => {
  it('with stage 3 and bank details: e-sign opens with its SMS and e-mail and this browser’s signing link, and no session', async () => {
    const lead = await landed(t);
    const res = await submit(t, lead.guid, lead.cookie, { ...(await cardPart(t)), amount: 500, period: 4 });
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
    const app = await application(t, lead.applicationId);
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
    expect((await leadRow(t, lead.applicationId)).submitted_at).not.toBeNull();
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
    const sms = await outboxTo(t, lead.mobile);
    expect(sms).toHaveLength(2);
    const mails = (await outboxTo(t, lead.email)).map((m) => m.subject);
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

    refused(await submit(t, lead.guid, lead.cookie, await cardPart(t)), ErrorId.leadAlreadyUsed);
    refused(await land(t, lead.guid, lead.cookie), ErrorId.leadAlreadyUsed);
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.esignSent);
    expect((await decisionsOf(t, lead.applicationId)).map((d) => d.kind)).toEqual([
      'lead-landed',
      'card-accepted',
      'affordability-passed',
    ]);
  });

  it('with stage 3 but no bank details: back to leadLanded with a session, and stage 4 takes it to e-sign', async () => {
    const lead = await landed(t, { bank: false });
    const res = await submit(t, lead.guid, lead.cookie, await cardPart(t));
    const { object } = res.json();
    expect(object).toMatchObject({
      appStatusID: AppStatus.leadLanded,
      appGuid: lead.guid,
      redirectUrl: null,
      signingToken: null,
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(await outboxTo(t, lead.mobile)).toHaveLength(1); // the landing code only
    const stage4 = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage4',
      headers: { authorization: `Bearer ${object.token}` },
      payload: createStage4Payload(),
    });
    expect(stage4.json().object).toEqual({ appStatusID: AppStatus.esignSent, appGuid: lead.guid });
    expect(await outboxTo(t, lead.mobile)).toHaveLength(2);
  });

  it('without stage 3: cardAccepted with a session, for stage 3', async () => {
    const lead = await landed(t, { stage3: null });
    const { object } = (await submit(t, lead.guid, lead.cookie, await cardPart(t))).json();
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
    const lead = await landed(t);
    const declined = await submit(t, lead.guid, lead.cookie, await cardPart(t, CARDS.declined));
    expect(declined.json()).toEqual({
      error: {
        errorID: ErrorId.cardDeclined,
        // The provider's 05 (do not honour) in plain words with the next step (issue 31).
        errorMessage: cardRefusalText('05'),
      },
      object: null,
    });
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.leadLandedCardDeclined);
    expect(cookieSetBy(declined)).toBeUndefined();
    // The page may still be reloaded and re-priced.
    expect((await land(t, lead.guid, lead.cookie)).json().error.errorID).toBe(0);
    expect((await getQuote(t, lead.guid)).json().error.errorID).toBe(0);

    const retry = await submit(t, lead.guid, lead.cookie, await cardPart(t));
    expect(retry.json().object.appStatusID).toBe(AppStatus.esignSent);
  });

  it('a card the bank challenges: the challenge returns to the landing page, and the second submit goes through', async () => {
    const lead = await landed(t);
    const card = await cardPart(t, CARDS.challenge);
    const first = (await submit(t, lead.guid, lead.cookie, card)).json().object;
    expect(first).toMatchObject({ appStatusID: AppStatus.leadLanded, signingToken: null, token: null });
    expect(first.redirectUrl).toMatch(/\/sandbox\/card-provider\/challenge\?/);
    const back = await answerBankChallenge(t, first.redirectUrl, 'confirm');
    expect(`${back.origin}${back.pathname}`).toBe(`${LANDING_PUBLIC_URL}/loan/lead-provider/${lead.guid}`);
    expect(back.searchParams.get('z2')).toBe('0');

    const second = (await submit(t, lead.guid, lead.cookie, card)).json().object;
    expect(second).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
  });

  // Issue 45 item 5: one card check on two customers.
  it("refuses another lead's card check, changing nothing of this one; its owner's still goes through", async () => {
    const a = await landed(t);
    const card = await cardPart(t, CARDS.challenge);
    const first = (await submit(t, a.guid, a.cookie, card)).json().object;
    await answerBankChallenge(t, first.redirectUrl, 'confirm');

    const b = await landed(t);
    const statusBefore = (await application(t, b.applicationId)).status_id;
    const decisionsBefore = await decisionsOf(t, b.applicationId);
    const stolen = await submit(t, b.guid, b.cookie, card);
    expect(stolen.json()).toEqual({ error: Refusal.cardCheckNotYours, object: null });
    expect((await application(t, b.applicationId)).status_id).toBe(statusBefore);
    expect(await decisionsOf(t, b.applicationId)).toEqual(decisionsBefore);
    expect((await leadRow(t, b.applicationId)).submitted_at).toBeNull();
    const cardsOfB = await t.ctx.db
      .selectFrom('cards')
      .select('id')
      .where('application_id', '=', b.applicationId)
      .execute();
    expect(cardsOfB).toEqual([]);

    const own = (await submit(t, a.guid, a.cookie, card)).json().object;
    expect(own).toMatchObject({ appStatusID: AppStatus.esignSent, redirectUrl: null });
  });

  it('declines when affordability fails: 201, leadDeclined, recorded, no welcome', async () => {
    const lead = await landed(t, { netMonthlyIncomePence: 100_000 });
    const res = await submit(t, lead.guid, lead.cookie, await cardPart(t));
    refused(res, ErrorId.declined);
    expect(cookieSetBy(res)).toMatch(/Max-Age=0/);
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.leadDeclined);
    const kinds = (await decisionsOf(t, lead.applicationId)).map((d) => d.kind);
    expect(kinds).toEqual(['lead-landed', 'card-accepted', 'declined']);
    expect(await outboxTo(t, lead.email)).toEqual([]);
    refused(await submit(t, lead.guid, lead.cookie, await cardPart(t)), ErrorId.leadAlreadyUsed);
  });

  it('refuses a submit without the landing cookie or with another one (210), changing nothing', async () => {
    const lead = await landed(t);
    const other = await landed(t);
    refused(await submit(t, lead.guid, undefined, await cardPart(t)), ErrorId.leadAlreadyUsed);
    refused(await submit(t, lead.guid, other.cookie, await cardPart(t)), ErrorId.leadAlreadyUsed);
    refused(
      await submit(t, (await createLead(t)).guid, lead.cookie, await cardPart(t)),
      ErrorId.leadAlreadyUsed,
    );
    expect((await application(t, lead.applicationId)).status_id).toBe(AppStatus.leadLanded);
    expect((await leadRow(t, lead.applicationId)).submitted_at).toBeNull();
  });

  it('refuses a body carrying the card number (it goes to the provider only)', async () => {
    const lead = await landed(t);
    const card = await cardPart(t);
    const res = await submit(t, lead.guid, lead.cookie, {
      ...card,
      creditCard: { ...card.creditCard, cardNumber: CARDS.frictionless },
    });
    expect(res.statusCode).toBe(400);
  });

  it('moves the status once when two submits race', async () => {
    const lead = await landed(t, { bank: false });
    const card = await cardPart(t);
    const answers = await Promise.all([
      submit(t, lead.guid, lead.cookie, card),
      submit(t, lead.guid, lead.cookie, card),
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
