import { ErrorId } from '@lender/contract/error-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPost, createAccountHolder, messagesTo } from '../../test/account-holder';
import { createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OK = { error: { errorID: 0, errorMessage: '' }, object: null };
const changeMobile = (authorization: string, mobile: string) =>
  accountPost(t, 'ChangeMobile', mobile, authorization);
const customerRow = (id: number) =>
  t.ctx.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const freeMobile = () => `07${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('Account/ChangeMobile', () => {
  it('stores the new number and tells the account’s e-mail address', async () => {
    const holder = await createAccountHolder(t, { first_name: 'Cosmo' });
    const mobile = freeMobile();
    const typed = `${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    const res = await changeMobile(holder.authorization, typed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    expect((await customerRow(holder.customer.id)).mobile).toBe(mobile);
    const [notice] = await messagesTo(t, holder.customer.email);
    expect(notice).toMatchObject({ subject: 'Your mobile number has been changed', sealed_secrets: null });
    expect(notice!.text).toContain('Dear Cosmo,');
    expect(notice!.text).toContain(`the number ending ${mobile.slice(-3)}`);
    expect(notice!.text).not.toContain(mobile);
  });

  it("answers 205 to another customer's number and changes nothing", async () => {
    const holder = await createAccountHolder(t);
    const other = await createCustomer(t.ctx.db);
    const before = await customerRow(holder.customer.id);
    const res = await changeMobile(holder.authorization, other.mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: {
        errorID: ErrorId.mobileAlreadyRegistered,
        errorMessage: 'This mobile number is already registered with another account.',
      },
      object: null,
    });
    expect(await customerRow(holder.customer.id)).toEqual(before);
    expect(await messagesTo(t, holder.customer.email)).toEqual([]);
  });

  it('answers ok to the current number without changing or sending anything', async () => {
    const holder = await createAccountHolder(t);
    const before = await customerRow(holder.customer.id);
    const res = await changeMobile(holder.authorization, holder.customer.mobile);
    expect(res.json()).toEqual(OK);
    expect(await customerRow(holder.customer.id)).toEqual(before);
    expect(await messagesTo(t, holder.customer.email)).toEqual([]);
  });

  it('gives a number to one of two customers asking for it at once', async () => {
    const a = await createAccountHolder(t);
    const b = await createAccountHolder(t);
    const mobile = freeMobile();
    const answers = await Promise.all([
      changeMobile(a.authorization, mobile),
      changeMobile(b.authorization, mobile),
    ]);
    expect(answers.map((r) => r.json().error.errorID).sort()).toEqual([0, ErrorId.mobileAlreadyRegistered]);
    const holders = await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('mobile', '=', mobile)
      .execute();
    expect(holders).toHaveLength(1);
  });
});
