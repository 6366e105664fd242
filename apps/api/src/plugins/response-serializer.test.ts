import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';

const answer = z.object({ amount: z.number(), note: z.string().default('none') });

/** Routes whose answers fit their schema, carry a field it does not list, or rely on its default. */
function addRoutes(app: FastifyInstance) {
  const schema = { response: { 200: answer } };
  app.get('/test/fits', { schema }, async () => ({ amount: 1, note: 'ok' }));
  app.get('/test/extra-field', { schema }, async () => ({ amount: 1, note: 'ok', passwordHash: 'x' }));
  app.get('/test/default', { schema }, async () => ({ amount: 1 }));
}

describe('in tests and development, every answer goes through its schema unchanged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { beforeReady: addRoutes });
  });
  afterAll(() => t?.close());

  it('sends an answer that fits its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fits' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ amount: 1, note: 'ok' });
  });

  it.each(['/test/extra-field', '/test/default'])(
    'fails %s, which the schema would change, instead of sending it changed',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(JSON.parse(res.body)).toEqual({
        error: { errorID: 100, errorMessage: 'Error Occured' },
        object: null,
      });
    },
  );
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        NODE_ENV: 'production',
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        DATA_KEY: crypto.randomBytes(32).toString('hex'),
      },
      { beforeReady: addRoutes },
    );
  });
  afterAll(() => t?.close());

  // The trade-off, stated: production does not pay for the schema; the tests above keep answers to it.
  it('sends the answer as the handler built it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/default' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"amount":1}');
  });
});
