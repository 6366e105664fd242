import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords/password-hashing';
import {
  accountGet,
  accountPost,
  createAccountHolder,
  HOLDER_PASSWORD,
  messagesTo,
} from '../../test/account-holder';
import { createSession } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD_LIMITS } from './password-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OK = { error: { errorID: 0, errorMessage: '' }, object: null };
const WRONG = {
  error: { errorID: ErrorId.wrongPassword, errorMessage: 'Changing password failed.' },
  object: null,
};
const NEW_PASSWORD = 'Fresh-Start-93';

const change = (authorization: string, oldPassword: string, newPassword = NEW_PASSWORD) =>
  accountPost(t, 'ChangePassword', { oldPassword, newPassword }, authorization);

const hashOf = async (customerId: number) =>
  (
    await t.ctx.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('Account/ChangePassword', () => {
  it('stores the new password and ends every other session, keeping this one', async () => {
    const holder = await createAccountHolder(t, { first_name: 'Ottilie' });
    const other = await t.ctx.sessions.issue(holder.customer.id);
    const res = await change(holder.authorization, HOLDER_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);

    const stored = await hashOf(holder.customer.id);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, NEW_PASSWORD)).toBe(true);

    expect(await t.ctx.sessions.refresh(other.refreshToken)).toBeNull();
    const otherCall = await accountGet(t, 'GetAccountDetails', `Bearer ${other.token}`);
    expect(otherCall.statusCode).toBe(401);
    const thisCall = await accountGet(t, 'GetAccountDetails', holder.authorization);
    expect(thisCall.json().error.errorID).toBe(0);
    expect(await t.ctx.sessions.refresh(holder.refreshToken)).not.toBeNull();
    const families = await t.ctx.db
      .selectFrom('session_families')
      .select(['revoked_reason'])
      .where('customer_id', '=', holder.customer.id)
      .orderBy('id')
      .execute();
    expect(families).toEqual([{ revoked_reason: null }, { revoked_reason: 'password-changed' }]);

    const [notice] = await messagesTo(t, holder.customer.email);
    expect(notice).toMatchObject({ subject: 'Your password has been changed', sealed_secrets: null });
    expect(notice!.text).toContain('Dear Ottilie,');
    expect(notice!.text).not.toContain(NEW_PASSWORD);
  });

  it('answers 232 to a wrong existing password and changes nothing', async () => {
    const holder = await createAccountHolder(t);
    const hash = await hashOf(holder.customer.id);
    const res = await change(holder.authorization, 'Not-The-Password-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(WRONG);
    expect(await hashOf(holder.customer.id)).toBe(hash);
    expect(await messagesTo(t, holder.customer.email)).toEqual([]);
  });

  it('answers 232 to a customer who has no password yet', async () => {
    const { customer, authorization } = await createSession(t.ctx);
    const res = await change(authorization, 'Anything-At-All-1');
    expect(res.json()).toEqual(WRONG);
    expect(await hashOf(customer.id)).toBeNull();
  });

  it('refuses a common new password with 400 on newPassword', async () => {
    const holder = await createAccountHolder(t);
    const hash = await hashOf(holder.customer.id);
    const res = await change(holder.authorization, HOLDER_PASSWORD, 'Qwerty123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: Msg.commonPassword },
      object: { fields: { newPassword: Msg.commonPassword } },
    });
    expect(await hashOf(holder.customer.id)).toBe(hash);
  });

  it('refuses the current password as the new one with 400 on newPassword', async () => {
    const holder = await createAccountHolder(t);
    const hash = await hashOf(holder.customer.id);
    const res = await change(holder.authorization, HOLDER_PASSWORD, HOLDER_PASSWORD);
    expect(res.statusCode).toBe(400);
    const message = 'Please choose a password you have not used here before.';
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: message },
      object: { fields: { newPassword: message } },
    });
    expect(await hashOf(holder.customer.id)).toBe(hash);
  });

  it(`answers 429 with Retry-After after ${PASSWORD_LIMITS.wrongPasswordTries} wrong passwords, even to the right one`, async () => {
    const holder = await createAccountHolder(t);
    const bystander = await createAccountHolder(t);
    for (let i = 0; i < PASSWORD_LIMITS.wrongPasswordTries; i++) {
      expect((await change(holder.authorization, `Wrong-Guess-${i}`)).json()).toEqual(WRONG);
    }
    const hash = await hashOf(holder.customer.id);
    const refused = await change(holder.authorization, HOLDER_PASSWORD);
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
    expect(await hashOf(holder.customer.id)).toBe(hash);
    // The limit is per customer: another one is not held back.
    expect((await change(bystander.authorization, HOLDER_PASSWORD)).json()).toEqual(OK);
  });

  it('holds the limit of wrong passwords when the guesses race', async () => {
    const holder = await createAccountHolder(t);
    const tries = PASSWORD_LIMITS.wrongPasswordTries + 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) => change(holder.authorization, `Racing-Guess-${i}`)),
    );
    const ids = answers.map((r) => r.json().error.errorID).sort((a, b) => a - b);
    expect(ids).toEqual([
      ...Array(PASSWORD_LIMITS.wrongPasswordTries).fill(ErrorId.wrongPassword),
      ...Array(3).fill(ErrorId.tooManyRequests),
    ]);
  });
});
