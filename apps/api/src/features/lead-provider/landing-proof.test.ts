import { LANDING_COOKIE } from '@lender/contract/calls/lead-provider';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, nextYear } from '../../sandbox/card-provider/test-support';
import { fingerprint, tokeniseCard } from '../../test/application-journey';
import { esignGet, linkOf, smsCodeSentTo } from '../../test/esign-journey';
import { createLead } from '../../test/lead';
import { workingDayAhead } from '../../test/stage1-payload';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 45, security item 1: a stranger holding only a lead's landing link (its appGuid) took the
 * application. The link now opens nothing beyond the first name until the visitor enters the code sent to
 * the lead's own mobile or e-mail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const cookieOf = (res: Res) =>
  /^lead_landing=([^;]+)/.exec(
    [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${LANDING_COOKIE}=`)) ?? '',
  )?.[1];
const headers = (cookie: string | undefined) => (cookie ? { cookie: `${LANDING_COOKIE}=${cookie}` } : {});

/** A browser opening the landing link: the answer and the cookie it was given (or kept). */
async function open(guid: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/LeadProvider/LeadLanded?guid=${guid}`,
    headers: headers(cookie),
  });
  return { res, cookie: cookie ?? cookieOf(res) };
}
const sendCode = (guid: string, cookie: string | undefined, via: 'sms' | 'email' = 'sms') =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/SendLandingCode',
    headers: headers(cookie),
    payload: { guid, via },
  });
const verify = (guid: string, cookie: string | undefined, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/VerifyLandingCode',
    headers: headers(cookie),
    payload: { guid, code },
  });
async function submit(guid: string, cookie: string | undefined) {
  const tokenised = await tokeniseCard(t, CARDS.frictionless);
  return t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/SubmitLandedLead',
    headers: headers(cookie),
    payload: {
      guid,
      period: 3,
      amount: 300,
      repaymentDate: workingDayAhead(10),
      wageFrequencyID: 9,
      creditCard: { nameOnCard: 'Sam Stranger', endMonth: 11, endYear: nextYear() },
      address: null,
      pKey: tokenised.key,
      trxId: tokenised.trxId,
      isSignature: await fingerprint(t, tokenised),
    },
  });
}
const statusOf = async (applicationId: number) =>
  (
    await t.ctx.db
      .selectFrom('applications')
      .select('status_id')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow()
  ).status_id;
const countWhere = async (table: 'cards' | 'esign_links', applicationId: number) =>
  (await t.ctx.db.selectFrom(table).select('id').where('application_id', '=', applicationId).execute())
    .length;
const sessionsOf = async (customerId: number) =>
  (await t.ctx.db.selectFrom('session_families').select('id').where('customer_id', '=', customerId).execute())
    .length;
const landingCodeEvents = () =>
  t.ctx.db
    .selectFrom('security_events')
    .select(['detail', 'customer_id'])
    .where('type', '=', 'landing-code-failed')
    .orderBy('id')
    .execute();
/** As if the resend cooldown had passed for every code sent so far. */
const ageCodes = (seconds: number) =>
  t.ctx.db
    .updateTable('esign_codes')
    .set({ created_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .execute();
const refusedWith = (res: Res, refusal: { errorID: number; errorMessage: string }) => {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ error: refusal, object: null });
};

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a stranger holding only the landing link', () => {
  it('sees the first name and the loan only, and gets no session, no signing link and no personal detail', async () => {
    // Stage 3 and bank details in the lead: an approved card would open e-sign with a signing token.
    const lead = await createLead(t, { firstName: 'Priya' });
    const stranger = await open(lead.guid);
    expect(stranger.res.json().error.errorID).toBe(0);
    const answer = stranger.res.json().object;
    expect(Object.keys(answer).sort()).toEqual(
      ['amount', 'identityConfirmed', 'name', 'period', 'repaymentDate', 'wageFrequency'].sort(),
    );
    expect(answer).toMatchObject({ name: 'Priya', identityConfirmed: false });
    for (const detail of ['Doe', lead.email, lead.mobile, '1990', 'Downing']) {
      expect(stranger.res.body).not.toContain(detail);
    }

    // The stranger's own card: refused before any card check, session or signing link.
    const submitted = await submit(lead.guid, stranger.cookie);
    refusedWith(submitted, Refusal.landingProofNeeded);
    expect(submitted.json().error.errorID).toBe(ErrorId.landingProofNeeded);
    expect(await statusOf(lead.applicationId)).toBe(AppStatus.leadLanded);
    expect(await countWhere('cards', lead.applicationId)).toBe(0);
    expect(await countWhere('esign_links', lead.applicationId)).toBe(0);
    expect(await sessionsOf(lead.customerId)).toBe(0);

    // GetEsign with the guid alone shows nothing of the applicant.
    const esign = await esignGet(t, 'GetEsign', { guid: lead.guid });
    expect(esign.json()).toMatchObject({ error: { errorID: ErrorId.signingLinkNeeded }, object: null });
    expect(esign.body).not.toContain('Doe');
  });

  it('without the bank details gets no session either, so GetAccountDetails stays closed', async () => {
    const lead = await createLead(t, { bank: false });
    const stranger = await open(lead.guid);
    const submitted = await submit(lead.guid, stranger.cookie);
    refusedWith(submitted, Refusal.landingProofNeeded);
    expect(await sessionsOf(lead.customerId)).toBe(0);
    const details = await t.app.inject({ method: 'GET', url: '/api/Account/GetAccountDetails' });
    expect(details.statusCode).toBe(401);
    expect(details.body).not.toContain(lead.email);
  });

  it('may ask for a code, which goes to the applicant, and is locked out after 5 wrong tries', async () => {
    const lead = await createLead(t);
    const stranger = await open(lead.guid);
    const sent = await sendCode(lead.guid, stranger.cookie);
    expect(sent.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { nextSendInSeconds: 15 },
    });
    expect(sent.body).not.toContain(lead.mobile);
    const code = await smsCodeSentTo(t, lead.mobile);
    const row = await t.ctx.db
      .selectFrom('esign_codes')
      .selectAll()
      .where('application_id', '=', lead.applicationId)
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe('lead');
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(code);

    const before = (await landingCodeEvents()).length;
    for (let i = 0; i < 5; i++)
      refusedWith(await verify(lead.guid, stranger.cookie, otherThan(code)), Refusal.invalidLandingCode);
    // The sixth try, even with the right code, is refused: the code is dead.
    refusedWith(await verify(lead.guid, stranger.cookie, code), Refusal.landingCodeTooManyTries);
    refusedWith(await submit(lead.guid, stranger.cookie), Refusal.landingProofNeeded);
    const events = (await landingCodeEvents()).slice(before);
    expect(events.map((e) => e.detail)).toEqual([...Array(5).fill('wrong'), 'tooManyTries']);
    expect(events.every((e) => e.customer_id === lead.customerId)).toBe(true);
    expect((await open(lead.guid, stranger.cookie)).res.json().object.identityConfirmed).toBe(false);
  });

  it('a resend waits for its cooldown (429), then sends a new code that replaces the last', async () => {
    const lead = await createLead(t);
    const browser = await open(lead.guid);
    await sendCode(lead.guid, browser.cookie);
    const first = await smsCodeSentTo(t, lead.mobile);
    const again = await sendCode(lead.guid, browser.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(again.json().object).toMatchObject({ reason: 'cooldown' });
    await ageCodes(60);
    expect((await sendCode(lead.guid, browser.cookie, 'email')).json().error.errorID).toBe(0);
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', lead.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { text } = t.ctx.outbox.revealForDevelopers(mail);
    const second = /\b(\d{6})\b/.exec(text)![1]!;
    expect(text).toContain('Dear Jane');
    if (first !== second)
      refusedWith(await verify(lead.guid, browser.cookie, first), Refusal.invalidLandingCode);
    expect((await verify(lead.guid, browser.cookie, second)).json().error.errorID).toBe(0);
  });
});

describe('the applicant with the code', () => {
  it('after wrong tries and a lockout, a new code proves them and the journey goes on as before', async () => {
    const lead = await createLead(t);
    const applicant = await open(lead.guid);
    await sendCode(lead.guid, applicant.cookie);
    const dead = await smsCodeSentTo(t, lead.mobile);
    for (let i = 0; i < 5; i++) await verify(lead.guid, applicant.cookie, otherThan(dead));
    refusedWith(await verify(lead.guid, applicant.cookie, dead), Refusal.landingCodeTooManyTries);

    await ageCodes(60);
    expect((await sendCode(lead.guid, applicant.cookie)).json().error.errorID).toBe(0);
    const code = await smsCodeSentTo(t, lead.mobile);
    expect(await verify(lead.guid, applicant.cookie, code)).toMatchObject({ statusCode: 200 });
    expect((await open(lead.guid, applicant.cookie)).res.json().object.identityConfirmed).toBe(true);
    // A used code proves nothing again, and another browser is now shut out.
    const stranger = await open(lead.guid);
    expect(stranger.res.json().error.errorID).toBe(ErrorId.leadAlreadyUsed);
    refusedWith(await verify(lead.guid, 'x'.repeat(43), code), Refusal.leadLinkClosed);
    refusedWith(await submit(lead.guid, 'x'.repeat(43)), Refusal.leadLinkClosed);

    // As before issue 45: the card, then e-sign with this browser's own signing link.
    const submitted = await submit(lead.guid, applicant.cookie);
    const object = submitted.json().object;
    expect(object).toMatchObject({ appStatusID: AppStatus.esignSent, signingToken: expect.any(String) });
    const esign = await esignGet(t, 'GetEsign', { guid: lead.guid }, linkOf(object));
    expect(esign.json().error.errorID).toBe(0);
  });

  it('without bank details gets the applicant session for stage 4, as before', async () => {
    const lead = await createLead(t, { bank: false });
    const applicant = await open(lead.guid);
    await sendCode(lead.guid, applicant.cookie);
    await verify(lead.guid, applicant.cookie, await smsCodeSentTo(t, lead.mobile));
    const { token } = (await submit(lead.guid, applicant.cookie)).json().object;
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetAccountDetails',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.json().error.errorID).toBe(0);
  });

  it('refuses a code sent without the landing cookie, and a code of the wrong form (400)', async () => {
    const lead = await createLead(t);
    const browser = await open(lead.guid);
    refusedWith(await sendCode(lead.guid, undefined), Refusal.leadLinkClosed);
    await sendCode(lead.guid, browser.cookie);
    const code = await smsCodeSentTo(t, lead.mobile);
    refusedWith(await verify(lead.guid, undefined, code), Refusal.leadLinkClosed);
    expect((await verify(lead.guid, browser.cookie, '12ab')).statusCode).toBe(400);
    expect((await verify(lead.guid, browser.cookie, code)).json().error.errorID).toBe(0);
  });
});
