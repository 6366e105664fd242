import crypto from 'node:crypto';
import { refuse, type Refusal } from '@lender/contract/envelope';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db, DbExecutor, DbKind } from '../db/create-db';

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

  /** One key's live events counted and, within the limit, one added; in the caller's transaction. */
  async function countAndAdd(trx: DbExecutor, spec: LimitSpec, hash: string, at: number) {
    if (kind === 'postgres') {
      // One statement after the lock (its snapshot is taken after the lock, so it sees every earlier hit).
      const { rows } = await sql<{ n: number; first: number | null; id: number | null }>`
        with live as (
          select count(*)::int as n, min(expires_at_ms) as first from limit_events
          where scope = ${spec.scope} and key_hash = ${hash} and expires_at_ms > ${at}::bigint
        ), added as (
          insert into limit_events (scope, key_hash, expires_at_ms)
          select ${spec.scope}, ${hash}, ${at + spec.windowMs}::bigint from live where n < ${spec.limit}::int
          returning id
        )
        select n, first, (select id from added) as id from live`.execute(trx);
      return rows[0]!;
    }
    const live = await trx
      .selectFrom('limit_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('expires_at_ms').as('first')])
      .where('scope', '=', spec.scope)
      .where('key_hash', '=', hash)
      .where('expires_at_ms', '>', at)
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= spec.limit) return { n: Number(live.n), first: live.first, id: null };
    const added = await trx
      .insertInto('limit_events')
      .values({ scope: spec.scope, key_hash: hash, expires_at_ms: at + spec.windowMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { n: Number(live.n), first: live.first, id: added.id };
  }

  /**
   * A limit's events are worth less than a wait for the disk on every call of the journey: their
   * transaction commits without waiting for its flush (PostgreSQL: synchronous_commit off for it alone;
   * SQLite: synchronous NORMAL around it, which in WAL mode skips the commit's fsync). A crash keeps
   * every other process's and every earlier transaction's data as before; at worst it forgets the last
   * moment's events, letting a caller a few more tries. The next FULL commit flushes them anyway.
   */
  async function withoutFlushWait<T>(work: (trx: DbExecutor) => Promise<T>): Promise<T> {
    if (kind === 'postgres') return db.transaction().execute(work);
    // One connection held throughout: no other transaction of this process runs with the lighter setting.
    return db.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        return await conn.transaction().execute(work);
      } finally {
        // db/create-db.ts's setting for everything else.
        await sql`pragma synchronous = full`.execute(conn);
      }
    });
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
    const counted = await withoutFlushWait(async (trx) => {
      if (kind === 'postgres') {
        // One round trip for every lock (taken left to right, in the sorted order) and the setting.
        const locks = lockNames.map((name) => sql`pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
        await sql`select set_config('synchronous_commit', 'off', true), ${sql.join(locks)}`.execute(trx);
      }
      const results = [];
      for (const { spec, hash } of keyed) results.push(await countAndAdd(trx, spec, hash, at));
      return results;
    });
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

/** The 429 answer: a refusal of errorID 429 (which of them says why) and a Retry-After header in seconds. */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, refusal: Refusal) {
  reply.code(429).header('retry-after', String(retryAfterSeconds));
  return refuse(refusal);
}
