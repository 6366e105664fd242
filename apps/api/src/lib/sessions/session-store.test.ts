import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sha256 } from '../secrets';
import { createSessionStore, LIVENESS_TTL_MS } from './session-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('session liveness across servers', () => {
  it('a sign-out on one server reaches another within LIVENESS_TTL_MS, and at once on its own', async () => {
    let clock = 5_000_000;
    const now = () => clock;
    const serverB = createSessionStore(t.ctx.db, t.ctx.config, now);
    const { refreshToken } = await createSession(t.ctx);
    const family = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirstOrThrow();
    const familyId = family.family_id!;
    expect(await serverB.isLive(familyId)).toBe(true);

    await t.ctx.sessions.revoke(refreshToken);
    expect(await t.ctx.sessions.isLive(familyId)).toBe(false);
    // Server B still trusts what it read...
    expect(await serverB.isLive(familyId)).toBe(true);
    clock += LIVENESS_TTL_MS;
    // ...until its time is up.
    expect(await serverB.isLive(familyId)).toBe(false);
  });

  it('revokeCustomer keeps the session asked to be kept and ends the rest', async () => {
    const { customer } = await createSession(t.ctx);
    const keep = await t.ctx.sessions.issue(customer.id);
    const keepFamily = (
      await t.ctx.db
        .selectFrom('session_families')
        .select('id')
        .where('customer_id', '=', customer.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.sessions.revokeCustomer(customer.id, 'password-changed', keepFamily);
    const rows = await t.ctx.db
      .selectFrom('session_families')
      .select(['id', 'revoked_reason'])
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.revoked_reason)).toEqual(['password-changed', null]);
    expect(await t.ctx.sessions.refresh(keep.refreshToken)).not.toBeNull();
  });
});
