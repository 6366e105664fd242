import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import {
  accountPost,
  createAccountHolder,
  LINK_EXPIRED,
  linkTokenSentTo,
  messagesTo,
} from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD_LIMITS } from './password-service';

const RESETS_PER_ADDRESS = 3;

let t: TestApp;
beforeAll(async () => {
  // Not the default (5): the limit must be the setting's (issue 26).
  t = await createTestApp({ PASSWORD_RESETS_PER_ADDRESS: String(RESETS_PER_ADDRESS) });
});
afterAll(() => t?.close());

const OK = { error: { errorID: 0, errorMessage: '' }, object: null };
let nextAddress = 0;
/** Each request from an address of its own unless a test says otherwise: the per-address limit is its own test. */
const freshAddress = () => `198.51.100.${++nextAddress}`;

const forgot = (email: string, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/ForgotPassword',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(email),
    remoteAddress,
  });

const resetTokens = (customerId: number) =>
  t.ctx.db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('purpose', '=', 'reset-password')
    .orderBy('id')
    .execute();

describe('Account/ForgotPassword', () => {
  it('e-mails a known customer a one-hour reset link that works, storing only its hash', async () => {
    const { customer } = await createAccountHolder(t, { first_name: 'Imogen' });
    const before = Date.now();
    const res = await forgot(customer.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);

    const [message] = await messagesTo(t, customer.email);
    expect(message).toMatchObject({ channel: 'email', subject: 'Reset your password' });
    expect(message!.text).toContain('Dear Imogen,');
    expect(message!.text).toContain('it works once, for 60 minutes');
    const token = await linkTokenSentTo(t, customer.email, 'reset-password');
    expect(message!.html).toContain(`href="${t.ctx.config.PUBLIC_URL}/reset-password/${token}"`);

    const [row] = await resetTokens(customer.id);
    expect(row).toMatchObject({ token_hash: sha256(token), used_at: null });
    const ttl = Date.parse(row!.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(PASSWORD_LIMITS.resetLinkTtlSeconds * 1000);
    expect(ttl).toBeLessThan(PASSWORD_LIMITS.resetLinkTtlSeconds * 1000 + 60_000);
    // The stored copy of the message cannot be used to reset the password (decision 013).
    const stored = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', customer.email)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await accountPost(t, 'ChangePasswordByGuid', {
      guid: token,
      newPassword: 'Fresh-Start-93',
    });
    expect(reset.json().error.errorID).toBe(0);
    expect(reset.json().object.token).toEqual(expect.any(String));
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const { customer } = await createAccountHolder(t);
    const known = await forgot(customer.email);
    const rowsNow = async () => ({
      tokens: (await t.ctx.db.selectFrom('one_time_tokens').select('id').execute()).length,
      messages: (await t.ctx.db.selectFrom('outbox').select('id').execute()).length,
    });
    const before = await rowsNow();
    const unknown = await forgot('nobody.here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await rowsNow()).toEqual(before);
    expect(await resetTokens(customer.id)).toHaveLength(1);
  });

  it('replaces an earlier unused reset link: only the newest works', async () => {
    const { customer } = await createAccountHolder(t);
    await forgot(customer.email);
    const first = await linkTokenSentTo(t, customer.email, 'reset-password');
    await forgot(customer.email);
    const second = await linkTokenSentTo(t, customer.email, 'reset-password');
    const rows = await resetTokens(customer.id);
    expect(rows.map((r) => [r.token_hash, r.used_at === null])).toEqual([
      [sha256(first), false],
      [sha256(second), true],
    ]);
    const old = await accountPost(t, 'ChangePasswordByGuid', { guid: first, newPassword: 'Fresh-Start-93' });
    expect(old.json()).toEqual(LINK_EXPIRED);
    const current = await accountPost(t, 'ChangePasswordByGuid', {
      guid: second,
      newPassword: 'Fresh-Start-93',
    });
    expect(current.json().error.errorID).toBe(0);
  });

  it(`sends one address at most ${PASSWORD_LIMITS.resetEmailsPerHour} reset e-mails an hour, answering ok past it`, async () => {
    const { customer } = await createAccountHolder(t);
    for (let i = 0; i < PASSWORD_LIMITS.resetEmailsPerHour + 2; i++) {
      const res = await forgot(customer.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(OK);
    }
    expect(await messagesTo(t, customer.email)).toHaveLength(PASSWORD_LIMITS.resetEmailsPerHour);
    expect(await resetTokens(customer.id)).toHaveLength(PASSWORD_LIMITS.resetEmailsPerHour);
  });

  it('holds the hourly cap when the requests race', async () => {
    const { customer } = await createAccountHolder(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(customer.email)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await messagesTo(t, customer.email)).toHaveLength(PASSWORD_LIMITS.resetEmailsPerHour);
  });

  it(`answers 429 with Retry-After past ${RESETS_PER_ADDRESS} requests from one address in 15 minutes`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < RESETS_PER_ADDRESS; i++) {
      expect((await forgot(`someone.${i}@example.com`, address)).statusCode).toBe(200);
    }
    const { customer } = await createAccountHolder(t);
    const refused = await forgot(customer.email, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        errorID: ErrorId.tooManyRequests,
        errorMessage: 'Too many requests. Please wait a few minutes and try again.',
      },
      object: null,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(PASSWORD_LIMITS.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_LIMITS.windowMs / 1000);
    expect(await messagesTo(t, customer.email)).toEqual([]);
    // Another address is not held back.
    expect((await forgot(customer.email, '192.0.2.78')).statusCode).toBe(200);
    expect(await messagesTo(t, customer.email)).toHaveLength(1);
  });
});
