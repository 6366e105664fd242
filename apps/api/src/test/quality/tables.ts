import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/schema';

export type TableName = keyof Database;

/**
 * The tables of `db/schema.ts`'s `Database` interface, read from the file itself so a table added there
 * is watched by the quality tests without anyone remembering to list it here.
 */
export function databaseTables(): TableName[] {
  const source = fs.readFileSync(new URL('../../db/schema.ts', import.meta.url), 'utf8');
  const body = /export interface Database\s*\{([^}]*)\}/.exec(source)?.[1];
  if (!body) throw new Error('db/schema.ts: no `export interface Database { ... }` found');
  const names = [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1] as TableName);
  if (names.length === 0) throw new Error('db/schema.ts: the Database interface lists no tables');
  return names;
}

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';

/** All rows of a table, as JSON strings in a stable order (for the few rows a test watches closely). */
export async function tableRows(db: Db, table: TableName): Promise<string[]> {
  const rows = await db.selectFrom(table).selectAll().execute();
  return rows.map(json).sort();
}

/**
 * Per table: the exact row count, plus a fingerprint of its contents that an UPDATE almost always moves
 * (per column: the sum of a number column, the total length and the greatest value of a text one, so a
 * fresh `updated_at` shows). Computed by the database in one round trip: cheap enough to take after every
 * one of thousands of requests, where reading every row back would dominate the run.
 */
export type Snapshot = Record<string, { count: number; digest: string }>;

const NUMERIC = /int|real|num|dec|double|float|serial/i;
const columnsCache = new WeakMap<Db, Promise<Map<string, { name: string; numeric: boolean }[]>>>();

function columnsOf(db: Db) {
  let cached = columnsCache.get(db);
  if (!cached) {
    cached = db.introspection
      .getTables()
      .then(
        (list) =>
          new Map(
            list.map((t) => [
              t.name,
              t.columns.map((c) => ({ name: c.name, numeric: NUMERIC.test(c.dataType) })),
            ]),
          ),
      );
    columnsCache.set(db, cached);
  }
  return cached;
}

type SnapshotQuery = {
  query: CompiledQuery<Record<string, unknown>>;
  owners: [table: string, measure: string][];
};
const queryCache = new WeakMap<Db, Map<string, Promise<SnapshotQuery>>>();

/** The snapshot's one query for these tables, built and compiled once per database (its columns do not change). */
function snapshotQuery(db: Db, tables: TableName[]): Promise<SnapshotQuery> {
  let perDb = queryCache.get(db);
  if (!perDb) queryCache.set(db, (perDb = new Map()));
  const key = tables.join(',');
  let cached = perDb.get(key);
  if (!cached) {
    cached = columnsOf(db).then((columns) => {
      const owners: [table: string, measure: string][] = [];
      const alias = (table: string, measure: string) => sql.id(`m${owners.push([table, measure]) - 1}`);
      // One derived table of aggregates per table, cross-joined: a single round trip, each table read once.
      const perTable = tables.map((table, i) => {
        const measures: RawBuilder<unknown>[] = [sql`count(*) as ${alias(table, 'count')}`];
        for (const c of columns.get(table) ?? []) {
          const col = sql.ref(c.name);
          if (c.numeric) measures.push(sql`sum(${col}) as ${alias(table, `${c.name}:sum`)}`);
          else {
            // As text, so a boolean, date or json column a later migration adds works on both databases.
            const text = sql`cast(${col} as text)`;
            measures.push(sql`sum(length(${text})) as ${alias(table, `${c.name}:len`)}`);
            measures.push(sql`max(${text}) as ${alias(table, `${c.name}:max`)}`);
          }
        }
        return sql`(select ${sql.join(measures)} from ${sql.table(table)}) as ${sql.id(`t${i}`)}`;
      });
      const query = sql<Record<string, unknown>>`select * from ${sql.join(perTable, sql` cross join `)}`;
      return { query: query.compile(db), owners };
    });
    perDb.set(key, cached);
  }
  return cached;
}

/** SQLite joins at most 64 tables in one statement: the snapshot takes one query per this many. */
const TABLES_PER_QUERY = 60;

export async function snapshot(db: Db, tables: TableName[] = databaseTables()): Promise<Snapshot> {
  const out: Snapshot = {};
  for (let from = 0; from < tables.length; from += TABLES_PER_QUERY) {
    const { query, owners } = await snapshotQuery(db, tables.slice(from, from + TABLES_PER_QUERY));
    const row = (await db.executeQuery(query)).rows[0] ?? {};
    owners.forEach(([table, measure], i) => {
      const value = row[`m${i}`];
      const entry = (out[table] ??= { count: 0, digest: '' });
      if (measure === 'count') entry.count = Number(value);
      else entry.digest += `${measure}=${json(value)};`;
    });
  }
  for (const entry of Object.values(out)) {
    entry.digest = crypto.createHash('sha256').update(entry.digest).digest('hex');
  }
  return out;
}

/** Human-readable differences between two snapshots, empty when nothing changed. */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[table];
    const b = after[table];
    if (a?.count === b?.count && a?.digest === b?.digest) continue;
    changes.push(
      a?.count === b?.count
        ? `${table}: rows changed (count ${a?.count ?? 0})`
        : `${table}: ${a?.count ?? 0} -> ${b?.count ?? 0} rows`,
    );
  }
  return changes;
}
