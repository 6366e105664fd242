import type { KyselyPlugin, QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db';
import { createSession } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sha256 } from '../secrets';
import { createSessionStore, LIVENESS_TTL_MS } from './session-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * The database, for a session store, with its reads of `session_families` counted; `hold()` keeps their
 * answers back from the store until `release()`, and `answered` says one is held.
 */
function watchedFamilyReads(db: Db) {
  const familyReads = new Set<QueryId>();
  let gate: Promise<void> | null = null;
  let release = () => {};
  let answered = () => {};
  const watched = {
    reads: 0,
    answered: Promise.resolve(),
    hold() {
      gate = new Promise((resolve) => (release = resolve));
      watched.answered = new Promise((resolve) => (answered = resolve));
    },
    release: () => release(),
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"session_families"')) {
        watched.reads++;
        familyReads.add(queryId);
      }
      return node;
    },
    async transformResult({ queryId, result }) {
      if (familyReads.delete(queryId) && gate) {
        answered();
        await gate;
      }
      return result;
    },
  };
  return { db: db.withPlugin(plugin), watched };
}

const familyOf = async (refreshToken: string) =>
  (
    await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirstOrThrow()
  ).family_id!;

describe('session liveness in one server', () => {
  it('reads a family once however many requests ask for it at the same time', async () => {
    let clock = 5_000_000;
    const { db, watched } = watchedFamilyReads(t.ctx.db);
    const store = createSessionStore(db, t.ctx.config, () => clock);
    const familyId = await familyOf((await createSession(t.ctx)).refreshToken);
    const asks = () => Promise.all(Array.from({ length: 10 }, () => store.isLive(familyId)));
    expect(await asks()).toEqual(Array(10).fill(true));
    expect(watched.reads).toBe(1);
    expect(await asks()).toEqual(Array(10).fill(true));
    expect(watched.reads).toBe(1);
    clock += LIVENESS_TTL_MS;
    expect(await asks()).toEqual(Array(10).fill(true));
    expect(watched.reads).toBe(2);
  });

  it('trusts a read for LIVENESS_TTL_MS from when it was asked, not from when it was answered', async () => {
    let clock = 5_000_000;
    const { db, watched } = watchedFamilyReads(t.ctx.db);
    const store = createSessionStore(db, t.ctx.config, () => clock);
    const familyId = await familyOf((await createSession(t.ctx)).refreshToken);
    watched.hold();
    const asked = store.isLive(familyId);
    await watched.answered;
    // A read that waited 3 s for a connection says what was so 3 s ago...
    clock += 3_000;
    watched.release();
    expect(await asked).toBe(true);
    expect(store.knownLiveness(familyId)).toBe(true);
    // ...so it holds for 2 s more, not 5.
    clock += LIVENESS_TTL_MS - 3_000;
    expect(store.knownLiveness(familyId)).toBeUndefined();
  });

  it.each([
    ['its family is ended', 'revokeFamily'],
    ["the customer's sessions are ended", 'revokeCustomer'],
    ['every session is ended', 'revokeAll'],
  ] as const)('does not remember a read on its way when %s', async (_, how) => {
    const { db, watched } = watchedFamilyReads(t.ctx.db);
    const store = createSessionStore(db, t.ctx.config);
    const { customer, refreshToken } = await createSession(t.ctx);
    const familyId = await familyOf(refreshToken);
    watched.hold();
    const askedBefore = store.isLive(familyId);
    await watched.answered;
    if (how === 'revokeFamily') await store.revokeFamily(familyId, 'sign-out');
    if (how === 'revokeCustomer') await store.revokeCustomer(customer.id, 'password-changed');
    if (how === 'revokeAll') await store.revokeAll('maintenance');
    watched.release();
    // It answers the request that asked before the revocation...
    expect(await askedBefore).toBe(true);
    // ...but the next one is refused, from what the revocation said or from a new read.
    expect(await store.isLive(familyId)).toBe(false);
  });
});

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
