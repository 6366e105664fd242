import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords/password-hashing';
import { createCustomer, createSession } from '../../test/factories';
import { accountPost, linkTokenSentTo, messagesTo } from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t?.close());

const PASSWORD = 'Kestrel-Orchard-31';
let nextMobile = 7700900100;

async function signedIn() {
  const customer = await createCustomer(t.ctx.db, { password_hash: await hashPassword(PASSWORD) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { userName: customer.email, password: PASSWORD },
  });
  const { token, refreshToken } = res.json().object as { token: string; refreshToken: string };
  return { customer, authorization: `Bearer ${token}`, refreshToken };
}

/** The sign-in's password proof made `minutes` ago. */
const provedMinutesAgo = (customerId: number, minutes: number) =>
  t.ctx.db
    .updateTable('session_families')
    .set({ password_at: new Date(Date.now() - minutes * 60_000).toISOString() })
    .where('customer_id', '=', customerId)
    .execute();

const newMobile = () => `0${++nextMobile}`;

describe('a stolen session cannot take the account (issue 26, 5)', () => {
  it('lets a password sign-in change the e-mail and mobile within 5 minutes, telling the address and number in use', async () => {
    const { customer, authorization } = await signedIn();
    expect(
      (await accountPost(t, 'ChangeEmail', 'moved.on@example.org', authorization)).json().error.errorID,
    ).toBe(0);
    const mobile = newMobile();
    expect((await accountPost(t, 'ChangeMobile', mobile, authorization)).json().error.errorID).toBe(0);
    const toOldNumber = await messagesTo(t, customer.mobile);
    expect(toOldNumber.map((m) => m.text)).toEqual([
      expect.stringContaining('a change of the e-mail address of your account was made'),
      expect.stringContaining('a change of the mobile number of your account was made'),
    ]);
    expect(toOldNumber[0]!.text).toContain('If this was not you, call us now');
    const toAddress = (await messagesTo(t, customer.email)).map((m) => m.subject);
    expect(toAddress).toEqual([
      'A change of your e-mail address was requested',
      'Your mobile number has been changed',
    ]);
    // The new address's link completes the change: a security event of its own.
    const confirm = await linkTokenSentTo(t, 'moved.on@example.org', 'confirm-email');
    expect((await accountPost(t, 'ConfirmEmailChange', confirm)).json().error.errorID).toBe(0);
    const changed = (await t.ctx.security.since('2000-01-01T00:00:00.000Z')).filter(
      (e) => e.customer_id === customer.id && e.type === 'email-changed',
    );
    expect(changed).toHaveLength(1);
  });

  it('refuses both with 233 after 5 minutes, or for a session that never gave a password, changing and sending nothing', async () => {
    const { customer, authorization } = await signedIn();
    await provedMinutesAgo(customer.id, 6);
    const stage1Like = await createSession(t.ctx);
    for (const who of [authorization, stage1Like.authorization]) {
      const email = await accountPost(t, 'ChangeEmail', 'thief@example.org', who);
      expect(email.json().error.errorID).toBe(ErrorId.passwordConfirmationNeeded);
      const mobile = await accountPost(t, 'ChangeMobile', newMobile(), who);
      expect(mobile.json().error.errorID).toBe(ErrorId.passwordConfirmationNeeded);
    }
    expect(await messagesTo(t, 'thief@example.org')).toEqual([]);
    expect(await messagesTo(t, customer.email)).toEqual([]);
    const stored = await t.ctx.db
      .selectFrom('customers')
      .select('mobile')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(stored.mobile).toBe(customer.mobile);
  });

  it('lets the change through after Account/ConfirmPassword; a wrong password confirms nothing', async () => {
    const { customer, authorization } = await signedIn();
    await provedMinutesAgo(customer.id, 30);
    const wrong = await accountPost(t, 'ConfirmPassword', { password: 'Not-The-One-1' }, authorization);
    expect(wrong.json().error.errorID).toBe(ErrorId.wrongPassword);
    expect((await accountPost(t, 'ChangeMobile', newMobile(), authorization)).json().error.errorID).toBe(
      ErrorId.passwordConfirmationNeeded,
    );
    const right = await accountPost(t, 'ConfirmPassword', { password: PASSWORD }, authorization);
    expect(right.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    expect((await accountPost(t, 'ChangeMobile', newMobile(), authorization)).json().error.errorID).toBe(0);
    const types = (await t.ctx.security.since('2000-01-01T00:00:00.000Z'))
      .filter((e) => e.customer_id === customer.id)
      .map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['password-confirm-failed', 'password-confirmed', 'mobile-changed']),
    );
  });

  it('keeps the sign-in time across a refresh: a refreshed token is no fresher than its sign-in', async () => {
    const { customer, refreshToken } = await signedIn();
    await provedMinutesAgo(customer.id, 6);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/Account/RefreshToken',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(refreshToken),
    });
    const authorization = `Bearer ${refreshed.json().object.token}`;
    expect(
      (await accountPost(t, 'ChangeEmail', 'later@example.org', authorization)).json().error.errorID,
    ).toBe(ErrorId.passwordConfirmationNeeded);
  });
});
