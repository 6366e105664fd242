import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Driver, type Transaction } from 'kysely';
import pg from 'pg';
import { resolveFromRoot } from '../config';
import { SQLite, type SqliteDatabase, type SqliteStatement } from './sqlite-driver';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/** What a repository runs its queries on: the database, or a transaction a service opened. */
export type DbExecutor = Db | Transaction<Database>;
export type DbKind = 'sqlite' | 'postgres';

// Counts and sums come back as strings from pg for int8/numeric; money never exceeds int4 here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const STATEMENT_CACHE_SIZE = 500;

const sqliteHandles = new WeakMap<Db, SqliteDatabase>();
/**
 * A SQLite database's better-sqlite3 handle, for the rare hot path that runs a whole transaction
 * synchronously (lib/rate-limiter.ts) instead of one awaited Kysely query at a time. Undefined on PostgreSQL.
 */
export const sqliteHandle = (db: Db): SqliteDatabase | undefined => sqliteHandles.get(db);
const postgresPools = new WeakMap<Db, pg.Pool>();
/** A PostgreSQL database's pool, for a hot path that sends several statements in one round trip. */
export const postgresPool = (db: Db): pg.Pool | undefined => postgresPools.get(db);

/**
 * Kysely prepares every query anew; the same few dozen SQL texts are prepared once and reused instead
 * (a statement is run synchronously to completion, so sharing one is safe).
 */
function cachePreparedStatements(database: SqliteDatabase) {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteStatement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

/**
 * Every transaction on SQLite begins IMMEDIATE: it takes the database's one write lock at its start, so
 * a transaction that reads and then writes (a limit's count then its event, a check then its claim) is
 * never interleaved with another process's writes. Kysely's plain BEGIN (deferred) would let two
 * processes read the same state and the second fail at its first write with SQLITE_BUSY, which no
 * busy_timeout waits out. Within one process Kysely already runs one transaction at a time on the one
 * connection, so this costs nothing there; between processes a second writer waits (busy_timeout).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** Statements one PostgreSQL connection keeps prepared at most; later new ones run unnamed. */
const PREPARED_PER_CONNECTION = 300;
/** Statements with more parameters (a page's IN list, a multi-row insert) vary with their data: unnamed. */
const MAX_PREPARED_PARAMETERS = 50;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const statementNames = new Map<string, string>();
/** PostgreSQL's SQLSTATE when a prepared statement's result no longer fits its table (a migration ran). */
const CACHED_PLAN_CHANGED = '0A000';

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * node-postgres parses and plans every query anew, which costs PostgreSQL more than running the borrow
 * area's reads (0.47 ms of its CPU against 0.11 ms for the same union query prepared, measured). As for
 * SQLite above, the same few dozen SQL texts are named, so each connection prepares them once. A
 * statement whose table changed under it (a migration from another process) runs unnamed from then on.
 * Named statements need a session per connection: no transaction-mode pooler between here and PostgreSQL.
 */
function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as Query;
  const prepared = new Set<string>();
  const refused = new Set<string>();
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length > MAX_PREPARED_PARAMETERS ||
      callback !== undefined ||
      !PREPARABLE.test(text)
    ) {
      return query(text, values, callback);
    }
    let name = statementNames.get(text);
    if (!name) {
      name = `k${crypto.createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size >= STATEMENT_CACHE_SIZE) statementNames.clear();
      statementNames.set(text, name);
    }
    if (refused.has(name) || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)) {
      return query(text, values);
    }
    prepared.add(name);
    return (query({ name, text, values }) as Promise<unknown>).catch((err: { code?: string }) => {
      if (err?.code !== CACHED_PLAN_CHANGED) throw err;
      refused.add(name);
      return query(text, values);
    });
  }) as typeof client.query;
}

/**
 * The only place that picks the dialect. `sqlite:<path>` (relative to the repository root, or
 * `sqlite::memory:`) or `postgres://...`; a `schema` query parameter on a PostgreSQL URL puts every
 * table in that schema (tests use one per file so they can run side by side).
 */
export async function createDb(url: string): Promise<{ db: Db; kind: DbKind }> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const location = file === ':memory:' ? file : resolveFromRoot(file);
    if (location !== ':memory:') fs.mkdirSync(path.dirname(location), { recursive: true });
    const database = new SQLite(location);
    database.pragma('journal_mode = WAL');
    // FULL: a transaction that answered success survives a power cut, not only a process kill.
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    cachePreparedStatements(database);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
    sqliteHandles.set(db, database);
    return { db, kind: 'sqlite' };
  }

  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    const client = new pg.Client({ connectionString: parsed.toString() });
    await client.connect();
    await client.query(`create schema if not exists ${schema}`);
    await client.end();
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('connect', prepareStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  postgresPools.set(db, pool);
  return { db, kind: 'postgres' };
}
