import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { resolveFromRoot } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/** What a repository runs its queries on: the database, or a transaction a service opened. */
export type DbExecutor = Db | Transaction<Database>;
export type DbKind = 'sqlite' | 'postgres';

// Counts and sums come back as strings from pg for int8/numeric; money never exceeds int4 here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; the same few dozen SQL texts are prepared once and reused instead
 * (a statement is run synchronously to completion, so sharing one is safe).
 */
function cachePreparedStatements(database: SQLite.Database) {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
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
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), kind: 'sqlite' };
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
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
}
