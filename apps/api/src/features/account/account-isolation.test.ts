import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountGet,
  accountPost,
  createAccountHolder,
  HOLDER_PASSWORD,
  linkTokenSentTo,
} from '../../test/account-holder';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Holder = Awaited<ReturnType<typeof createAccountHolder>>;

/** Every row of the customer's, in every table the account calls touch, as stored (byte for byte). */
async function rowsOf(h: Holder) {
  const id = h.customer.id;
  const db = t.ctx.db;
  return JSON.stringify({
    customer: await db.selectFrom('customers').selectAll().where('id', '=', id).execute(),
    emailChanges: await db.selectFrom('email_changes').selectAll().where('customer_id', '=', id).execute(),
    links: await db.selectFrom('one_time_tokens').selectAll().where('customer_id', '=', id).execute(),
    consents: await db.selectFrom('consent_events').selectAll().where('customer_id', '=', id).execute(),
    sessions: await db.selectFrom('session_families').selectAll().where('customer_id', '=', id).execute(),
    refresh: await db.selectFrom('refresh_tokens').selectAll().where('customer_id', '=', id).execute(),
    mail: await db.selectFrom('outbox').selectAll().where('to_address', '=', h.customer.email).execute(),
  });
}

/** What of `h` must never show in an answer to someone else. */
const tracesOf = (h: Holder, body: string) =>
  [
    h.customer.email,
    h.customer.mobile,
    h.customer.first_name,
    h.customer.last_name,
    `"customerID":${h.customer.id}`,
  ].filter((s) => body.includes(s));

describe("a customer's token reaches only that customer's account", () => {
  it("every session account call made with B's token changes only B and reads only B", async () => {
    const alice = await createAccountHolder(t, {
      first_name: 'Araminta',
      last_name: 'Quennell',
      news_by_email: 0,
      news_by_sms: 0,
    });
    const bob = await createAccountHolder(t, { first_name: 'Barnaby', last_name: 'Oyelaran' });
    // Alice has a change of address waiting for its link: it must stay hers and waiting.
    await accountPost(t, 'ChangeEmail', 'alice.next@example.net', alice.authorization);
    const aliceBefore = await rowsOf(alice);

    // Extra keys naming Alice are stripped by the schemas; the string bodies cannot name anyone.
    const aim = { customerID: alice.customer.id, customerId: alice.customer.id, email: alice.customer.email };
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['GetAccountDetails', () => accountGet(t, 'GetAccountDetails', bob.authorization)],
      ['ChangeEmail', () => accountPost(t, 'ChangeEmail', 'bob.next@example.net', bob.authorization)],
      ['ChangeMobile', () => accountPost(t, 'ChangeMobile', '07700900777', bob.authorization)],
      [
        'ChangeAddress',
        () =>
          accountPost(
            t,
            'ChangeAddress',
            {
              ...aim,
              livedInAddressID: 2,
              residentalStatusID: 1,
              autoAddress: true,
              address: {
                postCode: 'LS1 4AP',
                address: '1 Park Row, Leeds LS1 4AP',
                country: 'United Kingdom',
              },
            },
            bob.authorization,
          ),
      ],
      [
        'ChangeContactPreference',
        () =>
          accountPost(
            t,
            'ChangeContactPreference',
            { ...aim, newsByEmail: true, newsBySms: true },
            bob.authorization,
          ),
      ],
      [
        'ChangePassword',
        () =>
          accountPost(
            t,
            'ChangePassword',
            { ...aim, oldPassword: HOLDER_PASSWORD, newPassword: 'Bobs-New-Pass-8' },
            bob.authorization,
          ),
      ],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.json().error.errorID, `${name}: ${res.body}`).toBe(0);
      expect(tracesOf(alice, res.body), name).toEqual([]);
      expect(await rowsOf(alice), `${name} changed Alice's rows`).toBe(aliceBefore);
    }

    // And each change landed on Bob.
    const bobNow = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', bob.customer.id)
      .executeTakeFirstOrThrow();
    expect(bobNow).toMatchObject({
      mobile: '07700900777',
      address_str: '1 Park Row, Leeds LS1 4AP',
      news_by_email: 1,
      news_by_sms: 1,
    });
    expect(bobNow.password_hash).not.toBe(bob.customer.password_hash);
    const details = (await accountGet(t, 'GetAccountDetails', bob.authorization)).json().object;
    expect(details).toMatchObject({
      customerID: bob.customer.id,
      personalDetails: { firstName: 'Barnaby', lastName: 'Oyelaran' },
      contactDetails: { email: bob.customer.email, pendingEmail: 'bob.next@example.net' },
    });
    // Alice still reads her own, with her own change waiting.
    const hers = (await accountGet(t, 'GetAccountDetails', alice.authorization)).json().object;
    expect(hers.contactDetails).toMatchObject({
      email: alice.customer.email,
      pendingEmail: 'alice.next@example.net',
    });
  });

  it('never answers with a password, a token or a hash', async () => {
    const holder = await createAccountHolder(t);
    const bodies: string[] = [];
    const keep = (res: LightMyRequestResponse) => {
      bodies.push(res.body);
      return res;
    };
    const secrets = [
      HOLDER_PASSWORD,
      'Via-Reset-Link-4',
      'Changed-Again-5',
      holder.refreshToken,
      holder.token,
    ];

    keep(
      await t.app.inject({
        method: 'POST',
        url: '/api/Account/ForgotPassword',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(holder.customer.email),
        remoteAddress: '203.0.113.250',
      }),
    );
    const reset = await linkTokenSentTo(t, holder.customer.email, 'reset-password');
    secrets.push(reset);
    // A completed reset signs in, so its answer is a Login answer with tokens: like Login, not kept here.
    await accountPost(t, 'ChangePasswordByGuid', { guid: reset, newPassword: 'Via-Reset-Link-4' });
    // The reset ended the session: sign in again the way a login would.
    const session = await t.ctx.sessions.issue(holder.customer.id, t.ctx.db, { passwordProved: true });
    const authorization = `Bearer ${session.token}`;
    secrets.push(session.refreshToken, session.token);
    keep(
      await accountPost(
        t,
        'ChangePassword',
        { oldPassword: 'Via-Reset-Link-4', newPassword: 'Changed-Again-5' },
        authorization,
      ),
    );
    keep(
      await accountPost(
        t,
        'ChangePassword',
        { oldPassword: 'Wrong-One-6', newPassword: 'Changed-Again-7' },
        authorization,
      ),
    );
    keep(await accountPost(t, 'ChangeEmail', 'secret.keeper@example.net', authorization));
    const confirm = await linkTokenSentTo(t, 'secret.keeper@example.net', 'confirm-email');
    secrets.push(confirm);
    keep(await accountPost(t, 'ConfirmEmailChange', confirm));
    keep(await accountGet(t, 'GetAccountDetails', authorization));

    const { password_hash: hash } = await t.ctx.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', holder.customer.id)
      .executeTakeFirstOrThrow();
    secrets.push(hash!);
    expect(bodies).toHaveLength(6);
    for (const body of bodies) {
      // No field of that name, and no argon2 string, whatever its key.
      expect(body).not.toMatch(/argon2|"\w*(password|token|hash)\w*"\s*:/i);
      expect(secrets.filter((s) => body.includes(s))).toEqual([]);
    }
  });
});
