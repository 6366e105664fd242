import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords/password-hashing';
import { createCustomer } from '../../test/factories';
import { accountPost, linkTokenSentTo, messagesTo } from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_LOCK } from './login-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t?.close());

const PASSWORD = 'Kestrel-Harbour-19';
const NEW_PASSWORD = 'Kestrel-Lighthouse-27';
const LOCK_NOTICE = 'Someone tried to sign in to your account';

const login = (userName: string, password: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { userName, password }, remoteAddress });

async function lockedOut() {
  const customer = await createCustomer(t.ctx.db, { password_hash: await hashPassword(PASSWORD) });
  // A stranger who knows only the e-mail address, from many addresses.
  for (let i = 0; i <= ACCOUNT_LOCK.failures + 2; i++) {
    await login(customer.email, `Wrong-Guess-${i}`, `192.0.2.${i + 1}`);
  }
  return customer;
}

describe('the lock protects the owner instead of locking them out (issue 26, 3)', () => {
  it('tells the owner once per lock, with the way back in', async () => {
    const customer = await lockedOut();
    expect((await login(customer.email, PASSWORD)).json().error.errorID).toBe(230);
    const notices = (await messagesTo(t, customer.email)).filter((m) => m.subject === LOCK_NOTICE);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`${t.ctx.config.PUBLIC_URL}/forgot-password`);
    expect(notices[0]!.text).toContain('a completed reset signs you in straight away');
    const events = (await t.ctx.security.since('2000-01-01T00:00:00.000Z')).filter(
      (e) => e.customer_id === customer.id,
    );
    expect(events.filter((e) => e.type === 'account-locked')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'sign-in-failed').length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(events)).not.toMatch(/Wrong-Guess|Kestrel-Harbour/);
  });

  it('a completed password reset lifts the lock and signs in; the new password then works at once', async () => {
    const customer = await lockedOut();
    await accountPost(t, 'ForgotPassword', customer.email);
    const token = await linkTokenSentTo(t, customer.email, 'reset-password');
    const reset = (
      await accountPost(t, 'ChangePasswordByGuid', { guid: token, newPassword: NEW_PASSWORD })
    ).json();
    expect(reset.error.errorID).toBe(0);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetAccountDetails',
      headers: { authorization: `Bearer ${reset.object.token}` },
    });
    expect(details.json().object.contactDetails.email).toBe(customer.email);
    expect((await login(customer.email, NEW_PASSWORD)).json().error.errorID).toBe(0);
    const types = (await t.ctx.security.since('2000-01-01T00:00:00.000Z'))
      .filter((e) => e.customer_id === customer.id)
      .map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['reset-asked', 'reset-done', 'sign-in']));
  });

  it('keeps the lock for the right password without a reset, and a new lock after a reset sends a new notice', async () => {
    const customer = await lockedOut();
    expect((await login(customer.email, PASSWORD)).json().error.errorID).toBe(230);
    await accountPost(t, 'ForgotPassword', customer.email);
    const token = await linkTokenSentTo(t, customer.email, 'reset-password');
    await accountPost(t, 'ChangePasswordByGuid', { guid: token, newPassword: NEW_PASSWORD });
    for (let i = 0; i <= ACCOUNT_LOCK.failures; i++) await login(customer.email, `Again-Wrong-${i}`);
    expect((await login(customer.email, NEW_PASSWORD)).json().error.errorID).toBe(230);
    const notices = (await messagesTo(t, customer.email)).filter((m) => m.subject === LOCK_NOTICE);
    expect(notices).toHaveLength(2);
  });
});
