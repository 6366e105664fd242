import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/create-db';
import { createTestApp, type TestApp } from '../test/test-app';
import { rateLimits, SWEEP_EVERY_MS, type Hit } from './rate-limiter';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const silent = { warn: () => {} };
const allowed = (hit: Hit) => hit.allowed;

let t: TestApp;
/** A second handle on the same database: another process's connection pool (or SQLite connection). */
let other: Db;
beforeAll(async () => {
  t = await createTestApp();
  other = (await createDb(t.ctx.config.DATABASE_URL)).db;
});
afterAll(async () => {
  await other?.destroy();
  await t?.close();
});

let clock = 1_000_000;
const limitsAt = (db: Db = t.ctx.db) =>
  rateLimits(db, t.ctx.dbKind, t.ctx.config.DATA_KEY, silent, () => clock);
let scopes = 0;
/** A scope of each test's own: the tests share one database. */
const spec = (limit: number, windowMs: number) => ({ scope: `test-${++scopes}`, limit, windowMs });
/** How many events of `scope` the database holds, live or expired. */
const storedEvents = async (scope: string, db: Db = t.ctx.db) =>
  (await db.selectFrom('limit_events').select('id').where('scope', '=', scope).execute()).length;

describe('rateLimits', () => {
  it('allows `limit` events in any window, then says how long to wait for the oldest to leave it', async () => {
    const limiter = limitsAt().limiter(spec(3, 60_000));
    const start = clock;
    for (const at of [0, 10_000, 20_000]) {
      clock = start + at;
      expect((await limiter.hit('a')).allowed).toBe(true);
    }
    clock = start + 30_000;
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Refused events are not counted: the wait does not grow while the caller keeps trying.
    clock = start + 59_500;
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock = start + 60_001;
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
  });

  it('keeps each key and each scope apart, and check() counts nothing', async () => {
    const limits = limitsAt();
    const one = limits.limiter(spec(1, 1000));
    const another = limits.limiter({ ...one.spec, scope: `${one.spec.scope}-other` });
    expect(await one.check('a')).toEqual({ allowed: true });
    expect(await one.check('a')).toEqual({ allowed: true });
    expect((await one.hit('a')).allowed).toBe(true);
    expect((await one.hit('a')).allowed).toBe(false);
    expect((await one.hit('b')).allowed).toBe(true);
    expect((await another.hit('a')).allowed).toBe(true);
  });

  it('takes a counted event back (a try that turned out right), freeing its place at once', async () => {
    const limiter = limitsAt().limiter(spec(2, 60_000));
    const first = await limiter.hit('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(false);
    if (!first.allowed) throw new Error('the first hit was refused');
    await first.takeBack();
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
  });

  it('counts several keys in one call, each on its own, the refused one uncounted', async () => {
    const limits = limitsAt();
    const perAddress = limits.limiter(spec(5, 60_000));
    const perContact = limits.limiter(spec(1, 60_000));
    const first = await limits.hitAll([
      [perAddress, '192.0.2.1'],
      [perContact, 'email:a@example.com'],
      [perContact, 'mobile:07700900001'],
    ]);
    expect(first.map(allowed)).toEqual([true, true, true]);
    const second = await limits.hitAll([
      [perAddress, '192.0.2.1'],
      [perContact, 'email:a@example.com'],
      [perContact, 'mobile:07700900002'],
    ]);
    expect(second.map(allowed)).toEqual([true, false, true]);
    expect((await perAddress.hit('192.0.2.1')).allowed).toBe(true);
    // 3 of 5 counted: the refused contact did not stop the address's count, nor was it counted itself.
    const events = await t.ctx.db
      .selectFrom('limit_events')
      .select('scope')
      .where('scope', 'in', [perAddress.spec.scope, perContact.spec.scope])
      .execute();
    expect(events.filter((e) => e.scope === perAddress.spec.scope)).toHaveLength(3);
    expect(events.filter((e) => e.scope === perContact.spec.scope)).toHaveLength(3);
  });

  it('refuses one call that gives the same limiter and key twice', async () => {
    const limiter = limitsAt().limiter(spec(5, 60_000));
    await expect(
      limitsAt().hitAll([
        [limiter, 'a'],
        [limiter, 'a'],
      ]),
    ).rejects.toThrow(/twice/);
  });

  it('counts in a transaction of its own, not inside another one open on the connection', async () => {
    const limiter = limitsAt().limiter(spec(5, 60_000));
    let hit: Promise<Hit> | undefined;
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('limit_events').select('id').limit(1).execute();
        // The hit starts while this transaction is open, and must wait for it rather than join it.
        hit = limiter.hit('a');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await hit!).allowed).toBe(true);
    expect(await storedEvents(limiter.spec.scope)).toBe(1);
  });

  it('stores a key only as a keyed hash: no address, e-mail or number in the table', async () => {
    const limits = limitsAt();
    const limiter = limits.limiter(spec(10, 60_000));
    for (const key of ['203.0.113.77', 'email:jane.doe@example.com', 'mobile:07700900123']) {
      await limiter.hit(key);
    }
    const rows = await t.ctx.db
      .selectFrom('limit_events')
      .selectAll()
      .where('scope', '=', limiter.spec.scope)
      .execute();
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const clear of ['203.0.113.77', 'jane.doe', '07700900123']) expect(stored).not.toContain(clear);
    for (const row of rows) expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    // Keyed with DATA_KEY: another install (another key) stores a different hash for the same address.
    const elsewhere = rateLimits(t.ctx.db, t.ctx.dbKind, 'f'.repeat(64), silent, () => clock).limiter({
      ...limiter.spec,
      scope: `${limiter.spec.scope}-elsewhere`,
    });
    await elsewhere.hit('203.0.113.77');
    const hashes = await t.ctx.db
      .selectFrom('limit_events')
      .select('key_hash')
      .where('scope', 'in', [limiter.spec.scope, elsewhere.spec.scope])
      .execute();
    expect(new Set(hashes.map((h) => h.key_hash)).size).toBe(4);
  });

  it('sweeps events that left their window, once a minute after a hit, or when asked', async () => {
    const limits = limitsAt();
    const limiter = limits.limiter(spec(100, 1000));
    for (let i = 0; i < 5; i++) await limiter.hit(`gone-${i}`);
    expect(await storedEvents(limiter.spec.scope)).toBe(5);
    clock += 2000;
    expect(await limits.sweep()).toBeGreaterThanOrEqual(5);
    expect(await storedEvents(limiter.spec.scope)).toBe(0);

    for (let i = 0; i < 5; i++) await limiter.hit(`later-${i}`);
    clock += SWEEP_EVERY_MS;
    await limiter.hit('the hit that sweeps');
    expect(await storedEvents(limiter.spec.scope)).toBe(1);
  });

  // On SQLite, two connections in one process cannot wait for each other: better-sqlite3 waits for the
  // write lock synchronously, which stops the very event loop the holder needs to commit. Between
  // processes the wait is real (BEGIN IMMEDIATE and busy_timeout); here the handles take turns.
  it('shares one count between two database handles, taking turns', async () => {
    const shared = spec(3, 60_000);
    const a = limitsAt(t.ctx.db).limiter(shared);
    const b = limitsAt(other).limiter(shared);
    const answers = [];
    for (const limiter of [a, b, a, b, a]) answers.push((await limiter.hit('198.51.100.8')).allowed);
    expect(answers).toEqual([true, true, true, false, false]);
  });

  it.runIf(onPostgres)(
    'lets no more than the limit through when many hit at once from two database handles',
    async () => {
      const here = limitsAt(t.ctx.db);
      const there = limitsAt(other);
      const shared = spec(7, 60_000);
      const a = here.limiter(shared);
      const b = there.limiter(shared);
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).hit('198.51.100.9')),
      );
      expect(hits.filter(allowed)).toHaveLength(7);
      const refused = hits.filter((h) => !h.allowed);
      expect(refused.every((h) => !h.allowed && h.retryAfterSeconds === 60)).toBe(true);
      expect(await storedEvents(shared.scope, other)).toBe(7);
    },
  );

  it.runIf(onPostgres)(
    'lets no more than the limit through when many count several keys at once from two handles',
    async () => {
      const here = limitsAt(t.ctx.db);
      const there = limitsAt(other);
      const perAddress = spec(7, 60_000);
      const perContact = spec(100, 60_000);
      const hits = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const limits = i % 2 === 0 ? here : there;
          return limits.hitAll([
            [limits.limiter(perContact), `email:${i}@example.com`],
            [limits.limiter(perAddress), '198.51.100.10'],
          ]);
        }),
      );
      expect(hits.every(([contact]) => contact!.allowed)).toBe(true);
      expect(hits.filter(([, address]) => address!.allowed)).toHaveLength(7);
      expect(await storedEvents(perAddress.scope, other)).toBe(7);
    },
  );
});
