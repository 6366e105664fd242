import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/secrets';
import { createCustomer, createSession, signAccessToken } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { verifyAccessToken } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const UNAUTHORIZED = { error: { errorID: 401, errorMessage: 'Unauthorized.' }, object: null };
// A session call that is registered whether or not its feature is built: the token check comes first.
const SESSION_CALL = '/api/MyAccountArea/GetTotalDue';
const now = () => Math.floor(Date.now() / 1000);

describe('session calls refuse requests without a valid token (401 in the envelope)', () => {
  const cases: [string, () => Promise<Record<string, string>>][] = [
    ['no token', async () => ({})],
    ['an empty bearer', async () => ({ authorization: 'Bearer ' })],
    ['a garbage token', async () => ({ authorization: 'Bearer not.a.jwt' })],
    [
      'a non-bearer scheme',
      async () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }),
    ],
    [
      'an expired token',
      async () => {
        const c = await createCustomer(t.ctx.db);
        const token = await signAccessToken({
          secret: t.ctx.config.JWT_SECRET,
          customerId: c.id,
          expiresAt: now() - 60,
        });
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'a token signed with the wrong key',
      async () => {
        const c = await createCustomer(t.ctx.db);
        const token = await signAccessToken({ secret: 'x'.repeat(48), customerId: c.id });
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'a token of another type',
      async () => {
        const c = await createCustomer(t.ctx.db);
        const token = await signAccessToken({
          secret: t.ctx.config.JWT_SECRET,
          customerId: c.id,
          typ: 'reset',
        });
        return { authorization: `Bearer ${token}` };
      },
    ],
    [
      'a refresh token used as an access token',
      async () => ({ authorization: `Bearer ${(await createSession(t.ctx)).refreshToken}` }),
    ],
    [
      'an access token with its signature tampered',
      async () => {
        const { token } = await createSession(t.ctx);
        const [h, p, s] = token.split('.') as [string, string, string];
        const flipped = s.slice(0, -2) + (s.slice(-2) === 'AA' ? 'BB' : 'AA');
        return { authorization: `Bearer ${h}.${p}.${flipped}` };
      },
    ],
  ];

  it.each(cases)('%s', async (_label, headersFor) => {
    const res = await t.app.inject({ method: 'GET', url: SESSION_CALL, headers: await headersFor() });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual(UNAUTHORIZED);
  });

  it('checks the token before the body: no field messages for an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Register/SubmitStage2', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual(UNAUTHORIZED);
  });

  it('lets a valid token through to the call', async () => {
    const { authorization } = await createSession(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: SESSION_CALL, headers: { authorization } });
    expect(res.statusCode).not.toBe(401);
    expect(JSON.parse(res.body).error.errorID).not.toBe(401);
  });

  it('public calls need no token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Dictionary/GetDictionaries',
      payload: { queries: [{ key: 2 }] },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('issuing a session', () => {
  it('signs an access token for the customer and stores only the hash of the refresh token', async () => {
    const c = await createCustomer(t.ctx.db);
    const { token, refreshToken } = await t.ctx.sessions.issue(c.id);
    const session = await verifyAccessToken(t.ctx.config, token);
    expect(session).toEqual({ customerId: c.id, familyId: expect.any(Number) });
    const rows = await t.ctx.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('customer_id', '=', c.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(refreshToken));
    expect(rows[0]!.family_id).toBe(session!.familyId);
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
    expect(rows[0]!.expires_at > new Date().toISOString()).toBe(true);
  });

  it('gives an access token that expires after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const c = await createCustomer(t.ctx.db);
    const { token } = await t.ctx.sessions.issue(c.id);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload.exp - payload.iat).toBe(t.ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(payload.sub).toBe(String(c.id));
  });
});

describe('verifyAccessToken remembers the tokens it verified, without trusting anything more', () => {
  const expiryOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp as number;

  it('refuses a remembered token once it has expired', async () => {
    const { customer, token } = await createSession(t.ctx);
    const exp = expiryOf(token);
    const session = { customerId: customer.id, familyId: expect.any(Number) };
    expect(await verifyAccessToken(t.ctx.config, token, exp - 1)).toEqual(session);
    expect(await verifyAccessToken(t.ctx.config, token, exp)).toBeNull();
    expect(await verifyAccessToken(t.ctx.config, token, exp - 1)).toEqual(session);
  });

  it('refuses a tampered copy of a remembered token', async () => {
    const { token } = await createSession(t.ctx);
    expect(await verifyAccessToken(t.ctx.config, token)).not.toBeNull();
    const [h, , s] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ typ: 'access', sub: '1', sid: 1, exp: now() + 600 })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(t.ctx.config, `${h}.${other}.${s}`)).toBeNull();
  });

  it('remembers a token for its own secret only', async () => {
    const { token } = await createSession(t.ctx);
    expect(await verifyAccessToken(t.ctx.config, token)).not.toBeNull();
    const rotated = { ...t.ctx.config, JWT_SECRET: 'y'.repeat(48) };
    expect(await verifyAccessToken(rotated, token)).toBeNull();
  });

  it('shares one frozen session between the requests of a token', async () => {
    const { token } = await createSession(t.ctx);
    const session = await verifyAccessToken(t.ctx.config, token);
    expect(Object.isFrozen(session)).toBe(true);
  });
});
