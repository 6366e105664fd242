import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorRepository } from './client-error-repository';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CLIENT_ERRORS_PER_ADDRESS: '3' });
});
afterAll(() => t?.close());

const report = (message: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/LeadProvider/Error',
    payload: { url: 'https://kestrelloans.example/x', message, userAgent: 'flood' },
    remoteAddress,
  });
const count = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('client_errors')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('LeadProvider/Error takes no unlimited volume (issue 26, 6)', () => {
  it('stores a caller’s reports up to the limit, then answers 429 with Retry-After and stores nothing', async () => {
    const before = await count();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await report(`flood ${i}`, '198.51.100.20')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await count()).toBe(before + 3);
    const refused = await report('one more', '198.51.100.20');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller is not held back by the first one's flood.
    expect((await report('elsewhere', '198.51.100.21')).statusCode).toBe(200);
  });

  it('refuses a report larger than its fields allow, storing nothing', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/LeadProvider/Error',
      payload: { url: 'https://kestrelloans.example/x', message: 'x'.repeat(8001) },
      remoteAddress: '198.51.100.22',
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('purges the reports older than the retention period, and only those', async () => {
    await report('recent', '198.51.100.23');
    await t.ctx.db
      .insertInto('client_errors')
      .values({
        url: '/old',
        prev_url: null,
        message: 'old',
        user_agent: null,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    const before = await count();
    const removed = await clientErrorRepository(t.ctx.db).purgeBefore(
      new Date(Date.now() - t.ctx.config.CLIENT_ERRORS_RETENTION_DAYS * 86_400_000).toISOString(),
    );
    expect(removed).toBe(1);
    expect(await count()).toBe(before - 1);
    const left = await t.ctx.db.selectFrom('client_errors').select('message').execute();
    expect(left.map((r) => r.message)).toContain('recent');
    expect(t.ctx.config.CLIENT_ERRORS_RETENTION_DAYS).toBe(30);
  });
});
