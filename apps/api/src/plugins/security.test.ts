import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/Dictionary/GetDictionaries'],
    ['GET', '/api/no-such-path'],
    ['GET', '/api/MyAccountArea/GetTotalDue'],
  ])('are set on %s %s, whatever the outcome', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: { queries: [{ key: 1 }] } } : {}),
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  // The whole set @fastify/helmet 13 sets with these options, read once at start-up: every answer has
  // all of it, exactly, whatever the route and outcome.
  const HELMET_HEADERS = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
      "connect-src 'self';frame-src 'self';form-action 'self';object-src 'none';base-uri 'self';" +
      "frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/no-such-path'],
    ['GET', '/api/MyAccountArea/GetTotalDue'],
    ['POST', '/api/Register/CalculateQuote'],
  ])('are the complete helmet set on %s %s', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url });
    expect(res.headers).toMatchObject(HELMET_HEADERS);
  });

  const directives = (csp: unknown) =>
    Object.fromEntries(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(' '))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );

  it("admits the configured card provider's origin, and only that, to fetch, frame and post to", async () => {
    const withProvider = await createTestApp({ CARD_PROVIDER_URL: 'https://cards.example.com/v1/gateway' });
    try {
      const res = await withProvider.app.inject({ method: 'GET', url: '/api/health' });
      const expected = {
        ...directives(HELMET_HEADERS['content-security-policy']),
        'connect-src': "'self' https://cards.example.com",
        'frame-src': "'self' https://cards.example.com",
        'form-action': "'self' https://cards.example.com",
      };
      expect(directives(res.headers['content-security-policy'])).toEqual(expected);
      // The other headers are the same set.
      const { 'content-security-policy': _csp, ...others } = HELMET_HEADERS;
      expect(res.headers).toMatchObject(others);
    } finally {
      await withProvider.close();
    }
  });

  it('adds nothing for a provider served from this origin, such as the built-in sandbox', async () => {
    const sameOrigin = await createTestApp({
      PUBLIC_URL: 'https://loans.example.com',
      CARD_PROVIDER_URL: 'https://loans.example.com/sandbox/card-provider',
    });
    try {
      const res = await sameOrigin.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['content-security-policy']).toBe(HELMET_HEADERS['content-security-policy']);
    } finally {
      await sameOrigin.close();
    }
  });

  it('compresses a large JSON answer when the client accepts it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Dictionary/GetDictionaries',
      headers: { 'accept-encoding': 'gzip' },
      payload: { queries: [1, 2, 3, 4, 5, 6, 7, 29].map((key) => ({ key })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
