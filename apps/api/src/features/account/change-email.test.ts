import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets';
import {
  accountGet,
  accountPost,
  createAccountHolder,
  linkTokenSentTo,
  messagesTo,
  LINK_EXPIRED,
} from '../../test/account-holder';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EMAIL_CHANGE_TTL_SECONDS } from './contact-change-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OK = { error: { errorID: 0, errorMessage: '' }, object: null };
const TAKEN = { error: { errorID: ErrorId.notFound, errorMessage: 'Email already exists.' }, object: null };

let n = 0;
const newAddress = () => `moved.${++n}.${Date.now()}@example.org`;
const changeEmail = (authorization: string, email: string) =>
  accountPost(t, 'ChangeEmail', email, authorization);
const confirm = (token: string) => accountPost(t, 'ConfirmEmailChange', token);
const customerRow = (id: number) =>
  t.ctx.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const changes = (customerId: number) =>
  t.ctx.db
    .selectFrom('email_changes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

describe('Account/ChangeEmail', () => {
  it('sends a link to the new address and a notice to the old one; nothing changes before the link', async () => {
    const holder = await createAccountHolder(t, { first_name: 'Seraphina' });
    const target = newAddress();
    const before = Date.now();
    const res = await changeEmail(holder.authorization, target.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);

    expect((await customerRow(holder.customer.id)).email).toBe(holder.customer.email);
    const token = await linkTokenSentTo(t, target, 'confirm-email');
    const [row] = await changes(holder.customer.id);
    expect(row).toMatchObject({ new_email: target, token_hash: sha256(token), used_at: null });
    const ttl = Date.parse(row!.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(EMAIL_CHANGE_TTL_SECONDS * 1000);
    expect(ttl).toBeLessThan(EMAIL_CHANGE_TTL_SECONDS * 1000 + 60_000);

    const [verify] = await messagesTo(t, target);
    expect(verify).toMatchObject({ subject: 'Confirm your new e-mail address' });
    expect(verify!.text).toContain('Dear Seraphina,');
    expect(verify!.html).toContain(`href="${t.ctx.config.PUBLIC_URL}/confirm-email/${token}"`);
    const [notice] = await messagesTo(t, holder.customer.email);
    expect(notice).toMatchObject({
      subject: 'A change of your e-mail address was requested',
      sealed_secrets: null,
    });
    expect(notice!.text).toContain(`m***@example.org`);
    expect(notice!.text).not.toContain('confirm-email');
    expect(notice!.text).not.toContain(target);

    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails.email).toBe(holder.customer.email);
    expect(details.contactDetails.pendingEmail).toBe(target);
  });

  it('makes the new address the account’s once the link is followed, once only', async () => {
    const holder = await createAccountHolder(t);
    const target = newAddress();
    await changeEmail(holder.authorization, target);
    const token = await linkTokenSentTo(t, target, 'confirm-email');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    expect((await customerRow(holder.customer.id)).email).toBe(target);
    expect((await changes(holder.customer.id))[0]!.used_at).not.toBeNull();
    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails).toMatchObject({ email: target, pendingEmail: null });

    expect((await confirm(token)).json()).toEqual(LINK_EXPIRED);
  });

  it('replaces an earlier request: only the newest link works', async () => {
    const holder = await createAccountHolder(t);
    const first = newAddress();
    const second = newAddress();
    await changeEmail(holder.authorization, first);
    const firstToken = await linkTokenSentTo(t, first, 'confirm-email');
    await changeEmail(holder.authorization, second);
    expect((await confirm(firstToken)).json()).toEqual(LINK_EXPIRED);
    expect((await customerRow(holder.customer.id)).email).toBe(holder.customer.email);
    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails.pendingEmail).toBe(second);
  });

  it('refuses an expired or unknown link with 231', async () => {
    const holder = await createAccountHolder(t);
    const target = newAddress();
    await changeEmail(holder.authorization, target);
    const token = await linkTokenSentTo(t, target, 'confirm-email');
    await t.ctx.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('customer_id', '=', holder.customer.id)
      .execute();
    expect((await confirm(token)).json()).toEqual(LINK_EXPIRED);
    expect((await confirm('no-such-link-0123456789')).json()).toEqual(LINK_EXPIRED);
    expect((await customerRow(holder.customer.id)).email).toBe(holder.customer.email);
    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails.pendingEmail).toBeNull();
  });

  it("answers errorID 100 to the account's own address", async () => {
    const holder = await createAccountHolder(t);
    const res = await changeEmail(holder.authorization, holder.customer.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { errorID: ErrorId.generic, errorMessage: 'This is already your e-mail address.' },
      object: null,
    });
    expect(await changes(holder.customer.id)).toEqual([]);
    expect(await messagesTo(t, holder.customer.email)).toEqual([]);
  });

  it("answers 'Email already exists.' (errorID 1) to another customer's address", async () => {
    const holder = await createAccountHolder(t);
    const other = await createCustomer(t.ctx.db);
    const res = await changeEmail(holder.authorization, other.email.toUpperCase());
    expect(res.json()).toEqual(TAKEN);
    expect(await changes(holder.customer.id)).toEqual([]);
    expect(await messagesTo(t, other.email)).toEqual([]);
  });

  it("answers 'Email already exists.' at the link when the address was taken meanwhile", async () => {
    const holder = await createAccountHolder(t);
    const target = newAddress();
    await changeEmail(holder.authorization, target);
    const token = await linkTokenSentTo(t, target, 'confirm-email');
    const other = await createCustomer(t.ctx.db, { email: target });
    expect((await confirm(token)).json()).toEqual(TAKEN);
    expect((await customerRow(holder.customer.id)).email).toBe(holder.customer.email);
    expect((await customerRow(other.id)).email).toBe(target);
    expect((await changes(holder.customer.id))[0]!.used_at).toBeNull();
  });

  it('changes the address once when the link is followed twice at the same time', async () => {
    const holder = await createAccountHolder(t);
    const target = newAddress();
    await changeEmail(holder.authorization, target);
    const token = await linkTokenSentTo(t, target, 'confirm-email');
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((r) => r.json().error.errorID).sort()).toEqual([0, ErrorId.linkExpired]);
    expect((await customerRow(holder.customer.id)).email).toBe(target);
  });

  it('ends a reset link sent to the old address when the new one is confirmed', async () => {
    const holder = await createAccountHolder(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(holder.customer.email),
      remoteAddress: '203.0.113.200',
    });
    const reset = await linkTokenSentTo(t, holder.customer.email, 'reset-password');
    const target = newAddress();
    await changeEmail(holder.authorization, target);
    await confirm(await linkTokenSentTo(t, target, 'confirm-email'));
    const res = await accountPost(t, 'ChangePasswordByGuid', { guid: reset, newPassword: 'Fresh-Start-93' });
    expect(res.json()).toEqual(LINK_EXPIRED);
  });
});
