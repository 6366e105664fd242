import { ErrorId } from '@lender/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { maintenanceSwitch, MAINTENANCE_RECHECK_MS } from './maintenance-switch';
import { createSessionStore } from './sessions/session-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const dictionaries = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/Dictionary/GetDictionaries',
    payload: { queries: [{ key: 2 }] },
  });

describe('maintenance mode, switched while the server runs', () => {
  it('answers 503 on every call once on, signs everyone out, and serves again once off', async () => {
    const session = await createSession(t.ctx);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: session.authorization },
    });
    expect(before.statusCode).toBe(200);

    await t.ctx.maintenance.set(true);
    const closed = await dictionaries();
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error.errorID).toBe(ErrorId.maintenance);
    // The health route says so too, so a load balancer stops sending calls here.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await t.ctx.maintenance.set(false);
    expect((await dictionaries()).statusCode).toBe(200);
    // The session ended with maintenance: its tokens no longer work.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: session.authorization },
    });
    expect(after.statusCode).toBe(401);
    expect(await t.ctx.sessions.refresh(session.refreshToken)).toBeNull();
    const family = await t.ctx.db
      .selectFrom('session_families')
      .select('revoked_reason')
      .where('customer_id', '=', session.customer.id)
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('maintenance');
  });

  it('reaches another server (another process on the same database) within its recheck time', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const other = maintenanceSwitch(t.ctx.db, createSessionStore(t.ctx.db, t.ctx.config, now), false, now);
    expect(await other.isOn()).toBe(false);
    await t.ctx.maintenance.set(true);
    try {
      // Still what it read a moment ago...
      expect(await other.isOn()).toBe(false);
      clock += MAINTENANCE_RECHECK_MS;
      // ...and on once its recheck time has passed.
      expect(await other.isOn()).toBe(true);
    } finally {
      await t.ctx.maintenance.set(false);
    }
  });

  it('is forced on by MAINTENANCE_MODE=true, whatever the stored switch says', async () => {
    const forced = maintenanceSwitch(t.ctx.db, t.ctx.sessions, true);
    await t.ctx.maintenance.set(false);
    expect(await forced.isOn()).toBe(true);
  });
});
