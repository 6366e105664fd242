import { ErrorId } from '@lender/contract/error-ids';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  esignGet,
  esignPost,
  signerAt,
  smsCodeSentTo,
  verificationSentTo,
  linkOf,
} from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ESIGN_LIMITS, smsCodeHash } from './esign-codes';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const codes = (channel: 'sms' | 'email') =>
  t.ctx.db.selectFrom('esign_codes').selectAll().where('channel', '=', channel).orderBy('id').execute();
const outboxTo = (to: string) =>
  t.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
/** Moves every code's sending time back, as if the cooldown had passed. */
const ageCodes = (seconds: number) =>
  t.ctx.db
    .updateTable('esign_codes')
    .set({ created_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .execute();

describe('the codes stage 4 sends', () => {
  it('queues one SMS code (stored as an HMAC only) and one e-sign e-mail with both links', async () => {
    const signer = await signerAt(t);
    const code = await smsCodeSentTo(t, signer.mobile);
    const [sms] = await codes('sms');
    expect(sms!.secret_hash).toBe(smsCodeHash(code, t.ctx.config.DATA_KEY));
    expect(JSON.stringify(await codes('sms'))).not.toContain(code);
    // The stored message holds a placeholder, not the live code.
    const [smsRow] = await outboxTo(signer.mobile);
    expect(smsRow!.text).not.toContain(code);

    const mail = (await outboxTo(signer.email)).at(-1);
    expect(mail!.subject).toBe('Application e-Sign process');
    const link = await verificationSentTo(t, signer.email);
    expect(link.guid).toBe(signer.guid);
    expect(mail!.text).toContain(`/loan/stage5/${signer.guid}`);
    expect(mail!.html).toContain(`/loan/stage5/${signer.guid}`);
    expect(mail!.html).not.toMatch(/<img/i);
  });
});

describe('Register/SendVerificationSMS', () => {
  it('sends a new code that replaces the last one, after the 15 s cooldown', async () => {
    const signer = await signerAt(t);
    const first = await smsCodeSentTo(t, signer.mobile);
    await ageCodes(16);
    const res = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { nextSendInSeconds: 15 },
    });
    expect(await codes('sms')).toHaveLength(2);
    expect(await outboxTo(signer.mobile)).toHaveLength(2);
    const second = await smsCodeSentTo(t, signer.mobile);
    expect((await codes('sms'))[1]!.secret_hash).toBe(smsCodeHash(second, t.ctx.config.DATA_KEY));
    expect((await codes('sms'))[0]!.secret_hash).toBe(smsCodeHash(first, t.ctx.config.DATA_KEY));
  });

  it('sends one code when resends race past the cooldown (the check and the send hold a lock per application)', async () => {
    const signer = await signerAt(t);
    await ageCodes(16);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await codes('sms')).toHaveLength(2);
    expect(await outboxTo(signer.mobile)).toHaveLength(2);
  });

  it('answers 429 with Retry-After within 15 s of the last code, sending nothing', async () => {
    const signer = await signerAt(t);
    const res = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.errorID).toBe(ErrorId.tooManyRequests);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(14);
    expect(wait).toBeLessThanOrEqual(15);
    expect(res.json().error.errorMessage).toBe(`Please wait ${wait} seconds before asking for another one.`);
    expect(res.json().object).toEqual({ nextSendInSeconds: wait, reason: 'cooldown' });
    expect(await codes('sms')).toHaveLength(1);
  });

  it('answers the seconds to the next send, which is what the server then enforces', async () => {
    const signer = await signerAt(t);
    await ageCodes(16);
    const sent = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    const { nextSendInSeconds } = sent.json().object;
    expect(nextSendInSeconds).toBe(ESIGN_LIMITS.resendCooldownMs / 1000);
    const sentAt = Date.parse((await codes('sms')).at(-1)!.created_at);

    // One second before the figure runs out: refused, with the one second left.
    vi.useFakeTimers({ toFake: ['Date'], now: sentAt + (nextSendInSeconds - 1) * 1000 });
    const early = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    expect(early.statusCode).toBe(429);
    expect(early.json().object).toEqual({ nextSendInSeconds: 1, reason: 'cooldown' });
    expect(early.headers['retry-after']).toBe('1');

    // When it has run out: sent.
    vi.setSystemTime(sentAt + nextSendInSeconds * 1000);
    const onTime = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    expect(onTime.statusCode).toBe(200);
    expect(await codes('sms')).toHaveLength(3);
  });

  it(`stops at ${ESIGN_LIMITS.maxSentPerDay} codes in 24 hours`, async () => {
    const signer = await signerAt(t);
    for (let sent = 1; sent < ESIGN_LIMITS.maxSentPerDay; sent++) {
      await ageCodes(16);
      expect((await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer))).statusCode).toBe(200);
    }
    await ageCodes(16);
    const refused = await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer));
    expect(refused.statusCode).toBe(429);
    // Every code was sent 16 s ago (ageCodes): the cap lifts when they are a day old.
    const wait = 24 * 60 * 60 - 16;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(wait - 1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(wait);
    expect(refused.json().object).toEqual({
      nextSendInSeconds: Number(refused.headers['retry-after']),
      reason: 'daily',
    });
    expect(await codes('sms')).toHaveLength(ESIGN_LIMITS.maxSentPerDay);
    // A day later the count starts again.
    await ageCodes(24 * 60 * 60 + 1);
    expect((await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer))).statusCode).toBe(200);
  });

  it('answers errorID 220 for an unknown guid, and 225 (sending nothing) for a signed application', async () => {
    const unknown = await esignPost(t, 'SendVerificationSMS', '6f1c2b1e-0000-4000-8000-000000000000');
    expect(unknown.json().error.errorID).toBe(ErrorId.esignClosed);
    const signer = await signerAt(t);
    await t.ctx.db.updateTable('applications').set({ status_id: 8 }).execute();
    await ageCodes(16);
    expect(
      (await esignPost(t, 'SendVerificationSMS', signer.guid, linkOf(signer))).json().error.errorID,
    ).toBe(ErrorId.esignAlreadySigned);
    expect(await codes('sms')).toHaveLength(1);
  });

  it('refuses a body that is not a guid', async () => {
    const res = await esignPost(t, 'SendVerificationSMS', 'not-a-guid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errorMessage).toBe('Invalid link.');
  });
});

describe('Register/SendVerificationAndUniqueUrlEmail', () => {
  it('sends the e-mail again with a new link; the old link no longer verifies', async () => {
    const signer = await signerAt(t);
    const old = await verificationSentTo(t, signer.email);
    await ageCodes(16);
    expect(
      (await esignPost(t, 'SendVerificationAndUniqueUrlEmail', signer.guid, linkOf(signer))).json().error
        .errorID,
    ).toBe(0);
    const fresh = await verificationSentTo(t, signer.email);
    expect(fresh.verification).not.toBe(old.verification);

    expect((await esignGet(t, 'CheckEmailVerification', old)).json().object).toEqual({ verified: false });
    expect((await esignGet(t, 'CheckEmailVerification', fresh)).json().object).toEqual({ verified: true });
  });

  it('has the same cooldown, and GetEsign tells the page how long each resend still waits', async () => {
    const signer = await signerAt(t);
    const page = (await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).json().object;
    expect(page.nextSendInSeconds.sms).toBeGreaterThanOrEqual(14);
    expect(page.nextSendInSeconds.email).toBeGreaterThanOrEqual(14);
    const res = await esignPost(t, 'SendVerificationAndUniqueUrlEmail', signer.guid, linkOf(signer));
    expect(res.statusCode).toBe(429);
    expect(res.json().object.nextSendInSeconds).toBeLessThanOrEqual(page.nextSendInSeconds.email);
    expect(await codes('email')).toHaveLength(1);

    await ageCodes(16);
    const later = (await esignGet(t, 'GetEsign', { guid: signer.guid }, linkOf(signer))).json().object;
    expect(later.nextSendInSeconds).toEqual({ sms: 0, email: 0 });
  });
});
