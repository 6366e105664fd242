import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGet, accountPost, createAccountHolder } from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OK = { error: { errorID: 0, errorMessage: '' }, object: null };
const prefer = (authorization: string, newsByEmail: boolean, newsBySms: boolean) =>
  accountPost(t, 'ChangeContactPreference', { newsByEmail, newsBySms }, authorization);
const consents = (customerId: number) =>
  t.ctx.db
    .selectFrom('consent_events')
    .select(['channel', 'given', 'source'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
const columns = (id: number) =>
  t.ctx.db
    .selectFrom('customers')
    .select(['news_by_email', 'news_by_sms'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('Account/ChangeContactPreference', () => {
  it('gives consent per channel, recording each change', async () => {
    const holder = await createAccountHolder(t, { news_by_email: 0, news_by_sms: 0 });
    const res = await prefer(holder.authorization, true, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    expect(await columns(holder.customer.id)).toEqual({ news_by_email: 1, news_by_sms: 1 });
    expect(await consents(holder.customer.id)).toEqual([
      { channel: 'email', given: 1, source: 'account' },
      { channel: 'sms', given: 1, source: 'account' },
    ]);
    const details = (await accountGet(t, 'GetAccountDetails', holder.authorization)).json().object;
    expect(details.contactDetails.contactPreferences).toEqual({ newsByEmail: true, newsBySms: true });
  });

  it('withdraws one channel as easily, recording only the channel that changed', async () => {
    const holder = await createAccountHolder(t, { news_by_email: 1, news_by_sms: 1 });
    expect((await prefer(holder.authorization, true, false)).json()).toEqual(OK);
    expect(await columns(holder.customer.id)).toEqual({ news_by_email: 1, news_by_sms: 0 });
    expect(await consents(holder.customer.id)).toEqual([{ channel: 'sms', given: 0, source: 'account' }]);

    // The same choice again records nothing.
    expect((await prefer(holder.authorization, true, false)).json()).toEqual(OK);
    expect(await consents(holder.customer.id)).toHaveLength(1);
  });

  it('records a change once when the same choice arrives twice at once', async () => {
    const holder = await createAccountHolder(t, { news_by_email: 0, news_by_sms: 0 });
    await Promise.all([prefer(holder.authorization, true, false), prefer(holder.authorization, true, false)]);
    expect(await consents(holder.customer.id)).toEqual([{ channel: 'email', given: 1, source: 'account' }]);
  });
});
