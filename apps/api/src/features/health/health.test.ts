import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_DATE_RECHECK_MS } from '../../lib/business-date';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('health', () => {
  it('GET /api/health answers ok in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { status: 'ok' },
    });
  });

  it('GET /api/health/ready makes a database round trip and names the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    expect(t.ctx.dbKind).toBe(expected);
    expect(JSON.parse(res.body)).toEqual({
      error: { errorID: 0, errorMessage: '' },
      object: { status: 'ready', database: expected },
    });
  });

  it('GET /api/health/ready answers 503 in the envelope when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.ctx.db.destroy();
      // Even when the business date is due to be read again (as on a slow machine), which would fail.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + BUSINESS_DATE_RECHECK_MS });
      expect(broken.ctx.businessDate.isStale()).toBe(true);
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        error: { errorID: 100, errorMessage: 'Database unavailable.' },
        object: null,
      });
    } finally {
      vi.useRealTimers();
      await broken.close().catch(() => {});
    }
  });
});
