import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const report = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/LeadProvider/Error', payload: payload as object });

const rowsWith = (message: string) =>
  t.ctx.db.selectFrom('client_errors').selectAll().where('message', '=', message).execute();

describe('POST /api/LeadProvider/Error', () => {
  it('stores the report and answers success with a null object', async () => {
    const res = await report({
      url: 'https://kestrelloans.example/account/summary',
      prevUrl: 'https://kestrelloans.example/login',
      message: 'TypeError: x is undefined (stored)',
      userAgent: 'Mozilla/5.0 (test)',
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ error: { errorID: 0, errorMessage: '' }, object: null });
    const rows = await rowsWith('TypeError: x is undefined (stored)');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      url: 'https://kestrelloans.example/account/summary',
      prev_url: 'https://kestrelloans.example/login',
      user_agent: 'Mozilla/5.0 (test)',
    });
    expect(Date.parse(rows[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('redacts sensitive query values in both URLs', async () => {
    await report({
      url: 'https://kestrelloans.example/api/MyAccountArea/DownloadSOB?token=abc&page=2',
      prevUrl:
        'https://kestrelloans.example/verify?guid=0b6f1a9e-1111-4c1a-9a1b-2c3d4e5f6a7b&verification=s3cr3t',
      message: 'redaction check',
    });
    const [row] = await rowsWith('redaction check');
    expect(row!.url).toBe(
      'https://kestrelloans.example/api/MyAccountArea/DownloadSOB?token=[Redacted]&page=2',
    );
    expect(row!.prev_url).toBe('https://kestrelloans.example/verify?guid=[Redacted]&verification=[Redacted]');
    expect(JSON.stringify(row)).not.toMatch(/abc|s3cr3t|0b6f1a9e/);
  });

  it('accepts a report with only the required fields', async () => {
    const res = await report({ url: '/quote', message: 'minimal report' });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsWith('minimal report');
    expect(row).toMatchObject({ url: '/quote', prev_url: null, user_agent: null });
  });

  it('refuses an invalid report with 400 and stores nothing', async () => {
    const before = await t.ctx.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const missing = await report({ url: '/x' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).object.fields.message).toEqual(expect.any(String));
    const tooLong = await report({ url: `/${'x'.repeat(2001)}`, message: 'too long' });
    expect(tooLong.statusCode).toBe(400);
    const after = await t.ctx.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
