import { AppStatus } from '@lender/contract/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords/password-hashing';
import { createApplicant, createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_LOCK } from './login-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '1000' });
});
afterAll(() => t?.close());

const PASSWORD = 'Kestrel-Meadow-42';
const FAILED = {
  error: { errorID: 230, errorMessage: 'Login failed. Check your login details.' },
  object: null,
};
let nextAddress = 0;
/** Each test from an address of its own, so the per-address limit of one test does not touch another. */
const freshAddress = () => `203.0.113.${++nextAddress}`;

async function customerWithPassword(overrides: Parameters<typeof createCustomer>[1] = {}) {
  return createCustomer(t.ctx.db, { password_hash: await hashPassword(PASSWORD), ...overrides });
}

const login = (userName: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { userName, password }, remoteAddress });

const attempts = (customerId: number) =>
  t.ctx.db
    .selectFrom('login_attempts')
    .select(['outcome'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.outcome));

describe('Account/Login', () => {
  it('signs in with the right password: a working session and where the application stands', async () => {
    const { payload } = await createApplicant(t.app);
    const customer = await t.ctx.db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(PASSWORD), is_legal: 1 })
      .where('email', '=', payload.email)
      .returningAll()
      .executeTakeFirstOrThrow();
    const application = await t.ctx.db
      .updateTable('applications')
      .set({ status_id: AppStatus.cardAccepted })
      .where('customer_id', '=', customer.id)
      .returning('guid')
      .executeTakeFirstOrThrow();
    const res = await login(customer.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toEqual({ errorID: 0, errorMessage: '' });
    expect(body.object).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      appStatusID: AppStatus.cardAccepted,
      appGuid: application.guid,
      isLegal: true,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: `Bearer ${body.object.token}` },
    });
    expect(status.json().object).toEqual({
      appStatusID: AppStatus.cardAccepted,
      appGuid: application.guid,
      isEnd: false,
      netMonthlyIncome: expect.any(Number),
    });
    expect(await attempts(customer.id)).toEqual(['success']);
  });

  it('answers status 0 and no guid for a customer without an application', async () => {
    const customer = await customerWithPassword({ is_legal: 0 });
    const body = (await login(customer.email, PASSWORD)).json();
    expect(body.object).toMatchObject({ appStatusID: 0, appGuid: null, isLegal: false });
  });

  it('gives the same answer for a wrong password, an unknown e-mail and a customer with no password yet', async () => {
    const customer = await customerWithPassword();
    const noPassword = await createCustomer(t.ctx.db);
    for (const res of [
      await login(customer.email, 'Wrong-password-1'),
      await login('nobody.here@example.com', PASSWORD),
      await login(noPassword.email, PASSWORD),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(FAILED);
    }
    expect(await attempts(customer.id)).toEqual(['failure']);
    expect(await attempts(noPassword.id)).toEqual(['failure']);
  });

  it('records no e-mail of a failed attempt (a password typed in the wrong field stays unstored)', async () => {
    await login('Secret-Typed-Here-9', PASSWORD);
    const rows = await t.ctx.db.selectFrom('login_attempts').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('Secret-Typed-Here-9');
  });

  it(`locks the account after ${ACCOUNT_LOCK.failures} failures: even the right password is refused, with the same message`, async () => {
    const customer = await customerWithPassword();
    for (let i = 0; i < ACCOUNT_LOCK.failures; i++)
      expect((await login(customer.email, `Wrong-${i}-A`)).json()).toEqual(FAILED);
    expect((await login(customer.email, PASSWORD)).json()).toEqual(FAILED);
    expect(await attempts(customer.id)).toEqual([
      ...Array(ACCOUNT_LOCK.failures).fill('failure'),
      'locked',
      'refused',
    ]);
  });

  it('lets the customer in again once the lock has run out', async () => {
    const customer = await customerWithPassword();
    for (let i = 0; i < ACCOUNT_LOCK.failures; i++) await login(customer.email, `Wrong-${i}-A`);
    // The lock and the failures as if made 16 minutes ago.
    const past = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.ctx.db
      .updateTable('login_attempts')
      .set({ created_at: past })
      .where('customer_id', '=', customer.id)
      .execute();
    expect((await login(customer.email, PASSWORD)).json().error.errorID).toBe(0);
  });

  it('counts failures only since the last successful login', async () => {
    const customer = await customerWithPassword();
    for (let i = 0; i < ACCOUNT_LOCK.failures - 1; i++) await login(customer.email, `Wrong-${i}-A`);
    expect((await login(customer.email, PASSWORD)).json().error.errorID).toBe(0);
    for (let i = 0; i < ACCOUNT_LOCK.failures - 1; i++) await login(customer.email, `Wrong-${i}-B`);
    expect((await login(customer.email, PASSWORD)).json().error.errorID).toBe(0);
  });

  it('compares no more than the limit of racing guesses; the rest are refused unchecked', async () => {
    const customer = await customerWithPassword();
    const guesses = Array.from({ length: 12 }, (_, i) => login(customer.email, `Racing-${i}-A`));
    for (const res of await Promise.all(guesses)) expect(res.json()).toEqual(FAILED);
    const outcomes = await attempts(customer.id);
    const compared = outcomes.filter((o) => o === 'failure').length;
    expect(compared).toBeLessThanOrEqual(ACCOUNT_LOCK.failures);
    expect(outcomes.filter((o) => o === 'refused').length).toBe(12 - compared);
    expect(outcomes).not.toContain('pending');
  });

  it('refuses a caller address past its failed logins with HTTP 429 and Retry-After, before any check', async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const customer = await createCustomer(strict.ctx.db, { password_hash: await hashPassword(PASSWORD) });
      const from = (password: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { userName: customer.email, password },
          remoteAddress: '198.51.100.7',
        });
      for (const password of ['Wrong-1-A', 'Wrong-2-A', 'Wrong-3-A'])
        expect((await from(password)).json()).toEqual(FAILED);
      const refused = await from(PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(refused.json()).toEqual({
        error: {
          errorID: 429,
          errorMessage: 'Too many failed logins. Please wait a few minutes and try again.',
        },
        object: null,
      });
      // Another address is not held back.
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { userName: customer.email, password: PASSWORD },
        remoteAddress: '198.51.100.8',
      });
      expect(other.json().error.errorID).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('counts each try from an address before its check, so racing failures stop at the limit; a sign-in is not counted', async () => {
    const strict = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const customer = await createCustomer(strict.ctx.db, { password_hash: await hashPassword(PASSWORD) });
      const from = (userName: string, password: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { userName, password },
          remoteAddress: '198.51.100.9',
        });
      // Counted while its password was checked, then taken back: the address has all 3 tries left.
      expect((await from(customer.email, PASSWORD)).json().error.errorID).toBe(0);
      const racing = await Promise.all(
        Array.from({ length: 10 }, (_, i) => from(`nobody-${i}@example.com`, `Racing-${i}-A`)),
      );
      expect(racing.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([
        FAILED,
        FAILED,
        FAILED,
      ]);
      expect(racing.filter((r) => r.statusCode === 429)).toHaveLength(7);
      const counted = await strict.ctx.db
        .selectFrom('limit_events')
        .select('key_hash')
        .where('scope', '=', 'login-address')
        .execute();
      expect(counted).toHaveLength(3);
      expect(JSON.stringify(counted)).not.toContain('198.51.100.9');
    } finally {
      await strict.close();
    }
  });

  it('refuses a malformed request with the spec field messages and records nothing', async () => {
    const before = (await t.ctx.db.selectFrom('login_attempts').select('id').execute()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { userName: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().object.fields).toEqual({
      userName: 'Please provide a valid email address.',
      password: 'Please provide a password.',
    });
    expect((await t.ctx.db.selectFrom('login_attempts').select('id').execute()).length).toBe(before);
  });
});
