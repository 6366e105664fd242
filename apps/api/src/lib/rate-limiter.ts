import crypto from 'node:crypto';
import { refuse, type Refusal } from '@lender/contract/envelope';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import pg from 'pg';
import { postgresPool, sqliteHandle, type Db, type DbKind } from '../db/create-db';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A hit's answer; a counted one can be taken back (the try it counted turned out not to be a failure). */
export type Hit =
  { allowed: true; takeBack(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export type LimitSpec = {
  /** Which limit: the events of one scope never count against another's. */
  scope: string;
  limit: number;
  windowMs: number;
};

export type RateLimiter = {
  readonly spec: LimitSpec;
  /** Counts one event for `key` if it is within the limit (a refused one is not counted). */
  hit(key: string): Promise<Hit>;
  /** Whether `key` is over its limit now, without counting anything. */
  check(key: string): Promise<RateDecision>;
};

export type RateLimits = {
  limiter(spec: LimitSpec): RateLimiter;
  /** Hits each (limiter, key) in one transaction: one call that counts several keys pays for one. */
  hitAll(hits: readonly (readonly [RateLimiter, string])[]): Promise<Hit[]>;
  /** Deletes events that have left their window (at most `batch`); answers how many. */
  sweep(batch?: number): Promise<number>;
};

/** How often a process sweeps expired events, after one of its hits. */
export const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 5_000;

const retryAfter = (firstExpiry: number, now: number) => Math.max(1, Math.ceil((firstExpiry - now) / 1000));

/**
 * At most `limit` events per key in any `windowMs` (a sliding log), held in the database (`limit_events`,
 * docs/decisions/032) so that every API process on it counts against one limit. A hit is one short
 * transaction serialised per key: on PostgreSQL by a transaction-scoped advisory lock on the key, on
 * SQLite by the transaction itself (BEGIN IMMEDIATE, db/create-db.ts). Keys are stored only as an
 * HMAC under a key derived from DATA_KEY: an address or a mobile number is personal data, and a plain
 * hash of an IPv4 address is reversed by trying all four billion.
 *
 * A limit's events are worth less than a wait for the disk on every call of the journey: their
 * transaction commits without waiting for its flush (PostgreSQL: synchronous_commit off for it alone;
 * SQLite: synchronous NORMAL around it, which in WAL mode skips the commit's fsync). A crash keeps every
 * other process's and every earlier transaction's data as before; at worst it forgets the last moment's
 * events, letting a caller a few more tries. The next FULL commit flushes them anyway.
 */
export function rateLimits(
  db: Db,
  kind: DbKind,
  dataKey: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: () => number = Date.now,
): RateLimits {
  const hashKey = crypto.createHmac('sha256', Buffer.from(dataKey, 'hex')).update('rate-limit-keys').digest();
  const keyHash = (scope: string, key: string) =>
    crypto.createHmac('sha256', hashKey).update(`${scope}\u0000${key}`).digest('hex');

  type Keyed = { spec: LimitSpec; hash: string };
  type Counted = { first: number | null; id: number | null };

  const pool = kind === 'postgres' ? postgresPool(db) : undefined;
  if (kind === 'postgres' && !pool)
    throw new Error('rateLimits: a PostgreSQL database not opened by createDb');

  /**
   * PostgreSQL: the whole hit is ONE round trip of two statements (a simple query, so its values are
   * quoted in; they are a scope, a hex hash and integers). A busy process took two event-loop turns
   * between the lock and COMMIT, so every SubmitStage1 (all on one address) queued on the lock while
   * holding a pool connection; now the lock is held only while PostgreSQL runs the second statement.
   * - Several statements in one query run as one implicit transaction: the locks last until its end, and
   *   an error rolls it all back, leaving the connection clean.
   * - The first takes every lock (left to right, in the sorted order) and the setting; the count is a
   *   statement of its own after it: in READ COMMITTED a statement's snapshot is taken when it starts, so
   *   it sees every hit committed while the locks were awaited.
   * - Its keys are distinct (hitAll), so the join of `live` to `added` is one-to-one.
   */
  async function postgresHitAll(keyed: Keyed[], lockNames: string[], at: number): Promise<Counted[]> {
    const q = pg.escapeLiteral;
    const locks = lockNames.map((name) => `pg_advisory_xact_lock(hashtextextended(${q(name)}, 0))`);
    const keys = keyed.map(
      ({ spec, hash }, i) =>
        `(${q(spec.scope)}, ${q(hash)}, ${Math.trunc(spec.limit)}, ${Math.trunc(at + spec.windowMs)}::bigint, ${i})`,
    );
    const text = `select set_config('synchronous_commit', 'off', true), ${locks.join(', ')};
      with k (scope, key_hash, lim, expires_at_ms, i) as (values ${keys.join(', ')}),
      live as (
        select k.*, c.n, c.first from k cross join lateral (
          select count(*)::int as n, min(e.expires_at_ms) as first from limit_events e
          where e.scope = k.scope and e.key_hash = k.key_hash and e.expires_at_ms > ${Math.trunc(at)}::bigint
        ) c
      ), added as (
        insert into limit_events (scope, key_hash, expires_at_ms)
        select scope, key_hash, expires_at_ms from live where n < lim
        returning id, scope, key_hash
      )
      select live.first, added.id from live left join added using (scope, key_hash) order by live.i`;
    const results = (await pool!.query(text)) as unknown as pg.QueryResult<Counted>[];
    return results[1]!.rows;
  }

  /**
   * SQLite: the whole hit is ONE synchronous better-sqlite3 transaction (BEGIN IMMEDIATE, a count and an
   * insert per key, COMMIT), synchronous NORMAL around it (see rateLimits). Kysely's one connection is
   * shared by every request behind a mutex; the same work as a dozen awaited Kysely queries held it
   * across every await while all other requests queued. Synchronous, nothing of this process runs in
   * between, so the pragma never leaks to another transaction. Only a Kysely transaction already open on
   * the connection (between two of its awaits) must end first: ours would otherwise nest in it as a
   * savepoint and share its rollback; we then wait for the connection like any query.
   */
  const sqlite = kind === 'sqlite' ? sqliteHandle(db) : undefined;
  if (kind === 'sqlite' && !sqlite) throw new Error('rateLimits: a SQLite database not opened by createDb');
  const sqliteHits = sqlite?.transaction((keyed: Keyed[], at: number): Counted[] => {
    // Prepared once each (create-db caches every SQL text), looked up here: the table exists by now.
    const count = sqlite.prepare<[string, string, number], { n: number; first: number | null }>(
      'select count(*) as n, min(expires_at_ms) as first from limit_events ' +
        'where scope = ? and key_hash = ? and expires_at_ms > ?',
    );
    const insert = sqlite.prepare<[string, string, number]>(
      'insert into limit_events (scope, key_hash, expires_at_ms) values (?, ?, ?)',
    );
    return keyed.map(({ spec, hash }) => {
      const live = count.get(spec.scope, hash, at)!;
      if (live.n >= spec.limit) return { first: live.first, id: null };
      return {
        first: live.first,
        id: Number(insert.run(spec.scope, hash, at + spec.windowMs).lastInsertRowid),
      };
    });
  });
  function sqliteHitAll(keyed: Keyed[], at: number): Counted[] {
    sqlite!.pragma('synchronous = normal');
    try {
      return sqliteHits!.immediate(keyed, at);
    } finally {
      // db/create-db.ts's setting for everything else.
      sqlite!.pragma('synchronous = full');
    }
  }

  const takeBack = (id: number) => async () => {
    await db.deleteFrom('limit_events').where('id', '=', id).execute();
  };

  let lastSweep = now();
  async function sweep(batch = SWEEP_BATCH): Promise<number> {
    const expired = db
      .selectFrom('limit_events')
      .select('id')
      .where('expires_at_ms', '<=', now())
      .limit(batch);
    // SKIP LOCKED: a sweep never waits for, nor deadlocks with, a hit or another process's sweep.
    const ids = kind === 'postgres' ? expired.forUpdate().skipLocked() : expired;
    const result = await db.deleteFrom('limit_events').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
  /** Keys nobody hits again leave their events behind: each process clears them about once a minute. */
  async function sweepWhenDue() {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    await sweep().catch((err: unknown) =>
      log.warn({ reason: err instanceof Error ? err.message : 'unknown' }, 'rate limit sweep failed'),
    );
  }

  async function hitAll(hits: readonly (readonly [RateLimiter, string])[]): Promise<Hit[]> {
    const at = now();
    const keyed = hits.map(([limiter, key]) => ({
      spec: limiter.spec,
      hash: keyHash(limiter.spec.scope, key),
    }));
    // Locks in one order whatever the order given: two calls over the same keys cannot deadlock.
    const lockNames = [...new Set(keyed.map(({ spec, hash }) => `limit:${spec.scope}:${hash}`))].sort();
    if (lockNames.length !== keyed.length) throw new Error('hitAll: the same limiter and key given twice');
    const counted =
      kind === 'postgres'
        ? await postgresHitAll(keyed, lockNames, at)
        : sqlite!.inTransaction
          ? await db.connection().execute(async () => sqliteHitAll(keyed, at))
          : sqliteHitAll(keyed, at);
    await sweepWhenDue();
    return counted.map(({ first, id }) =>
      id !== null
        ? { allowed: true, takeBack: takeBack(Number(id)) }
        : { allowed: false, retryAfterSeconds: retryAfter(Number(first), at) },
    );
  }

  function limiter(spec: LimitSpec): RateLimiter {
    const self: RateLimiter = {
      spec,
      async hit(key) {
        const [hit] = await hitAll([[self, key]]);
        return hit!;
      },
      async check(key) {
        const at = now();
        const live = await db
          .selectFrom('limit_events')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('expires_at_ms').as('first')])
          .where('scope', '=', spec.scope)
          .where('key_hash', '=', keyHash(spec.scope, key))
          .where('expires_at_ms', '>', at)
          .executeTakeFirstOrThrow();
        return Number(live.n) < spec.limit
          ? { allowed: true }
          : { allowed: false, retryAfterSeconds: retryAfter(Number(live.first), at) };
      },
    };
    return self;
  }

  return { limiter, hitAll, sweep };
}

/**
 * The 429 answer: a refusal of errorID 429 (which of them says why) and a Retry-After header in seconds;
 * `object` for a call whose contract describes one (`tooManyObject`: the resends' wait, decision 038).
 */
export function tooManyRequests(
  reply: FastifyReply,
  retryAfterSeconds: number,
  refusal: Refusal,
  object: unknown = null,
) {
  reply.code(429).header('retry-after', String(retryAfterSeconds));
  return refuse(refusal, object);
}
