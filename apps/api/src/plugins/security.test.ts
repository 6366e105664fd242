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
