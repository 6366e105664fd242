import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  callObSandbox,
  createObSandboxServer,
  everyObSandboxRow,
  OB_TEST_REDIRECT,
  sandboxAdapter,
} from './test-support';
import { journey } from './test-journey';

/** POST /token and GET /banks as the sandbox bank answers them: OAuth 2 client_secret_basic. */
let server: Awaited<ReturnType<typeof createObSandboxServer>>;
let steps: ReturnType<typeof journey>;
beforeAll(async () => {
  server = await createObSandboxServer();
  steps = journey(server.app, sandboxAdapter(server.app), await server.today());
});
afterAll(() => server?.close());

const token = (form: Record<string, string>, authorization = basicAuth()) =>
  callObSandbox(server.app, { method: 'POST', path: '/token', authorization, form });

describe('the sandbox bank: POST /token', () => {
  it('issues a client-credentials token for the accounts scope, never to be cached', async () => {
    const res = await token({ grant_type: 'client_credentials', scope: 'accounts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'accounts',
    });
  });

  it.each([
    ['a wrong secret', basicAuth(undefined, 'wrong')],
    ['another client', basicAuth('someone-else')],
    ['no credentials', ''],
    ['a bearer token instead', 'Bearer abc'],
  ])('refuses %s: 401 invalid_client, asking for Basic', async (_what, authorization) => {
    const res = await token({ grant_type: 'client_credentials', scope: 'accounts' }, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="sandbox"');
    expect(res.json()).toEqual({ error: 'invalid_client' });
  });

  it.each([
    [{ grant_type: 'client_credentials', scope: 'payments' }, 'invalid_scope'],
    [{ grant_type: 'password', username: 'a', password: 'b' }, 'invalid_request'],
    [{ grant_type: 'authorization_code', code: 'c' }, 'invalid_request'],
    [
      { grant_type: 'authorization_code', code: 'no-such-code', redirect_uri: OB_TEST_REDIRECT },
      'invalid_grant',
    ],
  ])('answers %j with 400 %s', async (form, error) => {
    const res = await token(form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('reads only form bodies', async () => {
    const res = await callObSandbox(server.app, {
      method: 'POST',
      path: '/token',
      authorization: basicAuth(),
      json: { grant_type: 'client_credentials', scope: 'accounts' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request' });
  });

  it('gives an applicant token lasting as long as the consent, and keeps codes and tokens only as hashes', async () => {
    const consentId = await steps.newConsent();
    const { code } = await steps.approve(consentId, 'salaried');
    const res = await token({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: OB_TEST_REDIRECT,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access_token: string; expires_in: number }>();
    // 90 days, less the seconds the test took.
    expect(body.expires_in).toBeGreaterThan(90 * 86_400 - 60);
    expect(body.expires_in).toBeLessThanOrEqual(90 * 86_400);
    const rows = (await everyObSandboxRow(server.db)).join('\n');
    expect(rows).toContain(consentId);
    expect(rows).not.toContain(code!);
    expect(rows).not.toContain(body.access_token);
  });
});

describe('the sandbox bank: GET /banks', () => {
  it('lists its banks to its client only', async () => {
    const res = await callObSandbox(server.app, { path: '/banks', authorization: basicAuth(), bank: null });
    expect(res.json()).toEqual({
      Data: {
        Bank: [
          { BankId: 'sandbox-bank', Name: 'Sandbox Bank' },
          { BankId: 'failing-bank', Name: 'Failing Bank (sandbox)' },
        ],
      },
    });
    const refused = await callObSandbox(server.app, {
      path: '/banks',
      authorization: basicAuth(undefined, 'x'),
      bank: null,
    });
    expect(refused.statusCode).toBe(401);
  });
});
