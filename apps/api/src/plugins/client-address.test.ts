import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** Nine failed logins from one socket, each with a different forged X-Forwarded-For. */
async function nineForgedFailures(app: TestApp['app']) {
  const statuses: number[] = [];
  for (let i = 1; i <= 9; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { userName: `nobody${i}@example.com`, password: 'Wrong-Guess-1' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("the client's address is the client's (issue 26, 2)", () => {
  it('ignores a forged X-Forwarded-For by default: the per-address limit counts the socket', async () => {
    t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '5' });
    const statuses = await nineForgedFailures(t.app);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429]);
  });

  it('ignores it in production too, unless TRUST_PROXY names the proxy', async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      LOGIN_FAILURES_PER_ADDRESS: '5',
      JWT_SECRET: 'p'.repeat(40),
      DATA_KEY: 'ab'.repeat(32),
    });
    expect((await nineForgedFailures(t.app)).filter((s) => s === 429)).toHaveLength(4);
  });

  it("uses a trusted proxy's header: each forwarded client counts on its own", async () => {
    t = await createTestApp({ LOGIN_FAILURES_PER_ADDRESS: '5', TRUST_PROXY: '127.0.0.1' });
    expect(await nineForgedFailures(t.app)).toEqual(Array(9).fill(200));
    const rows = await t.ctx.db.selectFrom('login_attempts').select('ip_address').execute();
    expect(new Set(rows.map((r) => r.ip_address)).size).toBe(9);
  });
});
