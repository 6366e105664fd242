import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ENDED = {
  error: { errorID: 401, errorMessage: 'Your session has ended. Please log in again.' },
  object: null,
};

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/RefreshToken',
    payload: JSON.stringify(refreshToken),
    headers: { 'content-type': 'application/json' },
  });
const logout = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/Logout',
    payload: JSON.stringify(refreshToken),
    headers: { 'content-type': 'application/json' },
  });
/** A session call: 200 while the session lives, 401 once it has ended. */
const statusWith = (token: string) =>
  t.app
    .inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: `Bearer ${token}` },
    })
    .then((res) => res.statusCode);

/** Moves every swap back in time: past the reuse window, a second use is a stolen copy's. */
const swappedSecondsAgo = (seconds: number) =>
  t.ctx.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('used_at', 'is not', null)
    .execute();

describe('Account/RefreshToken', () => {
  it('swaps a refresh token for a new pair; the new access token works', async () => {
    const session = await createSession(t.ctx);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json().object;
    expect(next).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(await statusWith(next.token)).not.toBe(401);
    // The old access token keeps working until it expires: the session itself is the same one.
    expect(await statusWith(session.token)).not.toBe(401);
  });

  it('rotates: each refresh token swaps once, and the chain goes on', async () => {
    const session = await createSession(t.ctx);
    let current = session.refreshToken;
    for (let i = 0; i < 3; i++) {
      const next = (await refresh(current)).json().object.refreshToken as string;
      current = next;
    }
    expect((await refresh(current)).json().error.errorID).toBe(0);
  });

  it('gives a second swap of the same token within 10 s the same pair: two tabs stay signed in', async () => {
    const session = await createSession(t.ctx);
    const first = (await refresh(session.refreshToken)).json().object;
    const second = (await refresh(session.refreshToken)).json();
    expect(second).toEqual({ error: { errorID: 0, errorMessage: '' }, object: first });
    expect((await refresh(first.refreshToken)).json().error.errorID).toBe(0);
    // The pair kept for the window is sealed, never in clear.
    const kept = await t.ctx.db.selectFrom('refresh_tokens').select('successor_sealed').execute();
    expect(JSON.stringify(kept)).not.toContain(first.refreshToken);
  });

  it('ends the whole session when a swapped refresh token comes back after 10 s (a stolen copy)', async () => {
    const session = await createSession(t.ctx);
    const first = (await refresh(session.refreshToken)).json().object;
    await swappedSecondsAgo(11);
    // The thief (or the owner) presents the old one again.
    expect((await refresh(session.refreshToken)).json()).toEqual(ENDED);
    // Every token of that session is now dead: the newest refresh token and both access tokens.
    expect((await refresh(first.refreshToken)).json()).toEqual(ENDED);
    expect(await statusWith(first.token)).toBe(401);
    expect(await statusWith(session.token)).toBe(401);
    const family = await t.ctx.db
      .selectFrom('session_families')
      .select(['revoked_reason'])
      .where('customer_id', '=', session.customer.id)
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('reuse');
  });

  it('swaps once when two requests race with the same token: both get the one new pair', async () => {
    const session = await createSession(t.ctx);
    const answers = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(answers.map((a) => a.json().error.errorID)).toEqual([0, 0]);
    expect(answers[0]!.json().object).toEqual(answers[1]!.json().object);
    const rows = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('customer_id', '=', session.customer.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('leaves the customer’s other sessions alone', async () => {
    const one = await createSession(t.ctx);
    const other = await t.ctx.sessions.issue(one.customer.id);
    await refresh(one.refreshToken);
    await swappedSecondsAgo(11);
    await refresh(one.refreshToken);
    expect(await statusWith(other.token)).not.toBe(401);
    expect((await refresh(other.refreshToken)).json().error.errorID).toBe(0);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await refresh('x'.repeat(43))).json()).toEqual(ENDED);
    const session = await createSession(t.ctx);
    await t.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('customer_id', '=', session.customer.id)
      .execute();
    expect((await refresh(session.refreshToken)).json()).toEqual(ENDED);
  });

  it('refuses a body that is not a token string with the field message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Account/RefreshToken',
      payload: { token: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ errorID: 400, errorMessage: 'Invalid refresh token.' });
  });
});

describe('Account/Logout', () => {
  it('ends the session on the server: the access token and the refresh token stop working at once', async () => {
    const session = await createSession(t.ctx);
    expect(await statusWith(session.token)).not.toBe(401);
    const res = await logout(session.refreshToken);
    expect(res.json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    expect(await statusWith(session.token)).toBe(401);
    expect((await refresh(session.refreshToken)).json()).toEqual(ENDED);
  });

  it('answers the same for an unknown token and for signing out twice, changing nothing else', async () => {
    const session = await createSession(t.ctx);
    const bystander = await createSession(t.ctx);
    for (const token of ['y'.repeat(43), session.refreshToken, session.refreshToken]) {
      expect((await logout(token)).json()).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    }
    expect(await statusWith(bystander.token)).not.toBe(401);
  });
});
