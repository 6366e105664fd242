import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentValidator, fetchDocument } from '../../test/contract/openapi-document';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/card-provider', () => {
  it('names the built-in sandbox and the public half of its merchant, needing no session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/card-provider' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: {
        url: 'http://localhost:3000/sandbox/card-provider',
        merchantId: 'kestrel-sandbox-merchant',
        staticKey: 'sandbox-static-key-public',
      },
    });
    expect(res.body).not.toContain(t.ctx.config.CARD_PROVIDER_SECRET_KEY);
  });

  it('answers what the OpenAPI document says', async () => {
    const doc = await fetchDocument(t.app);
    const operation = doc.paths['/api/card-provider']?.get;
    expect(operation).toMatchObject({ operationId: 'CardProvider_Settings', security: [] });
    expect(Object.keys(operation!.responses)).toEqual(['200', '503']);
    const res = await t.app.inject({ method: 'GET', url: '/api/card-provider' });
    expect(documentValidator(doc).checkResponse('GET', '/api/card-provider', 200, res.json())).toBeNull();
    // The sandbox stands for an outside service: none of its routes is the API's.
    expect(Object.keys(doc.paths).filter((path) => path.includes('sandbox'))).toEqual([]);
  });

  it('names a configured provider, and in production serves no sandbox', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      DATA_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://loans.example.com',
      CARD_PROVIDER_URL: 'https://cards.example.com/v2/',
      CARD_PROVIDER_MERCHANT_ID: 'kestrel-live',
      CARD_PROVIDER_STATIC_KEY: 'pk_live',
      CARD_PROVIDER_SECRET_KEY: 'sk_live_do_not_show',
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/card-provider' });
      expect(res.json().object).toEqual({
        url: 'https://cards.example.com/v2',
        merchantId: 'kestrel-live',
        staticKey: 'pk_live',
      });
      expect(res.body).not.toContain('sk_live_do_not_show');
      for (const url of ['/sandbox/card-provider/tokenise', '/sandbox/card-provider/api/confirm']) {
        expect((await prod.app.inject({ method: 'POST', url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});
