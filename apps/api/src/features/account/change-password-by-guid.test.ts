import { ErrorId } from '@lender/contract/error-ids';
import { Msg } from '@lender/contract/rules/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords/password-hashing';
import { randomToken, sha256 } from '../../lib/secrets';
import {
  accountGet,
  accountPost,
  createAccountHolder,
  HOLDER_PASSWORD,
  linkTokenSentTo,
  messagesTo,
  LINK_EXPIRED,
} from '../../test/account-holder';
import { createApplicant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { passwordLinkRepository } from '../../entities/one-time-secrets/password-link-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A completed link signs in (issue 26): the Login answer, with a session of its own. */
const OK = {
  error: { errorID: 0, errorMessage: '' },
  object: {
    token: expect.any(String),
    refreshToken: expect.any(String),
    appStatusID: expect.any(Number),
    appGuid: null,
    isLegal: expect.any(Boolean),
  },
};
const NEW_PASSWORD = 'Fresh-Start-93';

const byLink = (guid: string, newPassword = NEW_PASSWORD) =>
  accountPost(t, 'ChangePasswordByGuid', { guid, newPassword });

/** A live password link of the customer, as forgot password or stage1 would store it. */
async function linkFor(customerId: number, purpose: 'reset-password' | 'set-password' = 'reset-password') {
  const token = randomToken();
  await passwordLinkRepository(t.ctx.db).insert({ customerId, purpose, token, ttlSeconds: 3600 });
  return token;
}

const hashOf = async (customerId: number) =>
  (
    await t.ctx.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow()
  ).password_hash;

const tokenRow = (token: string) =>
  t.ctx.db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();

describe('Account/ChangePasswordByGuid', () => {
  it('sets an argon2id hash of the new password, uses the link up and signs out every session', async () => {
    const holder = await createAccountHolder(t, { first_name: 'Rowan' });
    const other = await t.ctx.sessions.issue(holder.customer.id);
    await t.ctx.db
      .insertInto('login_attempts')
      .values({
        customer_id: holder.customer.id,
        ip_address: '203.0.113.9',
        outcome: 'failure',
        created_at: nowIso(),
      })
      .execute();
    const token = await linkFor(holder.customer.id);
    const older = await linkFor(holder.customer.id);

    const res = await byLink(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);

    const stored = await hashOf(holder.customer.id);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(stored, HOLDER_PASSWORD)).toBe(false);
    expect((await tokenRow(token)).used_at).not.toBeNull();
    expect((await tokenRow(older)).used_at).not.toBeNull();

    // Every session ended: the refresh tokens no longer swap and the access token is refused.
    expect(await t.ctx.sessions.refresh(holder.refreshToken)).toBeNull();
    expect(await t.ctx.sessions.refresh(other.refreshToken)).toBeNull();
    const details = await accountGet(t, 'GetAccountDetails', holder.authorization);
    expect(details.statusCode).toBe(401);
    const families = await t.ctx.db
      .selectFrom('session_families')
      .select(['revoked_reason'])
      .where('customer_id', '=', holder.customer.id)
      .execute();
    // The sessions before it ended; the reset's own sign-in is the one left open.
    expect(families).toEqual([
      { revoked_reason: 'password-reset' },
      { revoked_reason: 'password-reset' },
      { revoked_reason: null },
    ]);
    const signedIn = res.json().object as { token: string };
    expect((await accountGet(t, 'GetAccountDetails', `Bearer ${signedIn.token}`)).statusCode).toBe(200);

    // The reset is a sign-in: its success is what lifts a lock of the login.
    const attempts = await t.ctx.db
      .selectFrom('login_attempts')
      .select('outcome')
      .where('customer_id', '=', holder.customer.id)
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([{ outcome: 'failure' }, { outcome: 'success' }]);

    const [notice] = await messagesTo(t, holder.customer.email);
    expect(notice).toMatchObject({ subject: 'Your password has been changed', sealed_secrets: null });
    expect(notice!.text).toContain('Dear Rowan,');
    expect(notice!.text).toContain('you have been signed out on your other devices');
    expect(notice!.text).not.toContain(token);
    expect(notice!.text).not.toMatch(/reset-password\//);
  });

  it('works once: the second use answers 231 and changes nothing', async () => {
    const { customer } = await createAccountHolder(t);
    const token = await linkFor(customer.id);
    expect((await byLink(token)).json()).toEqual(OK);
    const hash = await hashOf(customer.id);
    const again = await byLink(token, 'Another-Pass-71');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(LINK_EXPIRED);
    expect(await hashOf(customer.id)).toBe(hash);
  });

  it('refuses an expired link with 231', async () => {
    const { customer } = await createAccountHolder(t);
    const token = await linkFor(customer.id);
    await t.ctx.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const hash = await hashOf(customer.id);
    expect((await byLink(token)).json()).toEqual(LINK_EXPIRED);
    expect(await hashOf(customer.id)).toBe(hash);
    expect((await tokenRow(token)).used_at).toBeNull();
  });

  it('refuses an unknown link, and a token made for something else, with 231', async () => {
    expect((await byLink(randomToken())).json()).toEqual(LINK_EXPIRED);
    const { customer } = await createAccountHolder(t);
    const other = randomToken();
    await t.ctx.db
      .insertInto('one_time_tokens')
      .values({
        customer_id: customer.id,
        purpose: 'something-else',
        token_hash: sha256(other),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute();
    expect((await byLink(other)).json()).toEqual(LINK_EXPIRED);
  });

  it('refuses a common password with 400 on newPassword, leaving the link usable', async () => {
    const { customer } = await createAccountHolder(t);
    const token = await linkFor(customer.id);
    const hash = await hashOf(customer.id);
    const res = await byLink(token, 'Password1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.validation, errorMessage: Msg.commonPassword },
      object: { fields: { newPassword: Msg.commonPassword } },
    });
    expect(await hashOf(customer.id)).toBe(hash);
    expect((await tokenRow(token)).used_at).toBeNull();
    expect(await messagesTo(t, customer.email)).toEqual([]);
    expect((await byLink(token)).json()).toEqual(OK);
  });

  it('lets exactly one of two racing requests with the same link through', async () => {
    const { customer } = await createAccountHolder(t);
    const token = await linkFor(customer.id);
    const answers = await Promise.all([byLink(token, 'Racer-One-11'), byLink(token, 'Racer-Two-22')]);
    const ids = answers.map((r) => r.json().error.errorID);
    expect([...ids].sort()).toEqual([0, ErrorId.linkExpired]);
    const winner = ids[0] === 0 ? 'Racer-One-11' : 'Racer-Two-22';
    expect(await verifyPassword(await hashOf(customer.id), winner)).toBe(true);
    expect(await messagesTo(t, customer.email)).toHaveLength(1);
  });

  it("sets a new applicant's first password from the welcome e-mail, keeping their session", async () => {
    const applicant = await createApplicant(t.app);
    const email = applicant.payload.email.toLowerCase();
    const token = await linkTokenSentTo(t, email, 'reset-password');
    const { id } = await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await hashOf(id)).toBeNull();
    expect((await tokenRow(token)).purpose).toBe('set-password');

    const answer = (await byLink(token)).json();
    expect(answer).toEqual({ ...OK, object: { ...OK.object, appGuid: expect.any(String) } });
    expect(await verifyPassword(await hashOf(id), NEW_PASSWORD)).toBe(true);
    expect((await tokenRow(token)).used_at).not.toBeNull();
    const details = await accountGet(t, 'GetAccountDetails', applicant.authorization);
    expect(details.json().error.errorID).toBe(0);
    expect(await t.ctx.sessions.refresh(applicant.refreshToken)).not.toBeNull();
    const notice = (await messagesTo(t, email)).at(-1);
    expect(notice!.subject).toBe('Your password has been changed');
    expect(notice!.text).not.toContain('signed out');
    expect((await byLink(token, 'Second-Go-55')).json()).toEqual(LINK_EXPIRED);
  });

  it('ends an unused set-password link once a reset has set the password', async () => {
    const { customer } = await createAccountHolder(t);
    const setLink = await linkFor(customer.id, 'set-password');
    const resetLink = await linkFor(customer.id);
    expect((await byLink(resetLink)).json()).toEqual(OK);
    expect((await byLink(setLink, 'Late-Comer-33')).json()).toEqual(LINK_EXPIRED);
    expect(await verifyPassword(await hashOf(customer.id), NEW_PASSWORD)).toBe(true);
  });
});
