import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { DbExecutor } from './create-db';
import type { Database } from './schema';

/** Rows per statement: a close-of-business page. */
const ROWS_PER_STATEMENT = 500;

type Columns<T extends keyof DB, DB = Database> = keyof DB[T] & keyof Selectable<DB[T]> & string;
type Answered<T extends keyof DB, R extends Columns<T, DB>, DB = Database> = Pick<Selectable<DB[T]>, R>;

export type InsertManyOptions<T extends keyof DB, R extends Columns<T, DB>, DB = Database> = {
  /** A unique column: a row whose value is stored already is left as it is (and not answered). */
  skipExisting?: Columns<T, DB>;
  /** Columns of the rows inserted to answer (PostgreSQL and SQLite both answer them). */
  returning?: readonly R[];
};

/**
 * Many rows into one table, a statement per 500, every row with the same columns (the first row's).
 * On PostgreSQL the rows go as one JSON parameter read by `json_populate_recordset` with the table's own
 * column types: one short statement, prepared once (create-db.ts), where a VALUES list of 500 rows binds
 * thousands of parameters that Kysely compiles, node-postgres sends and PostgreSQL plans on every page.
 * That halved a 500-row insert's time (29 November: 11-12 ms to 5-7 ms a page), and the close of
 * business inserts a page of interest, attempts, payments and credit-reporting records on a due day.
 * SQLite, in process, keeps the VALUES list. Answers the rows inserted, with `returning`'s columns. `DB`:
 * the app's tables, or a sandbox's own view of the same database (a sandbox stores what it receives too).
 */
export async function insertMany<
  T extends keyof DB & string,
  R extends Columns<T, DB> = never,
  DB = Database,
>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  options: InsertManyOptions<T, R, DB> = {},
): Promise<{ inserted: number; rows: Answered<T, R, DB>[] }> {
  const answer = { inserted: 0, rows: [] as Answered<T, R, DB>[] };
  if (rows.length === 0) return answer;
  const columns = Object.keys(rows[0]!) as Columns<T, DB>[];
  const returning = options.returning ?? [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const batch = rows.slice(at, at + ROWS_PER_STATEMENT);
    if (postgres) {
      const names = sql.join(columns.map((c) => sql.ref(c)));
      const { rows: found, numAffectedRows } = await sql<Answered<T, R, DB>>`
        insert into ${sql.table(table)} (${names})
        select ${names} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(batch)}::json)
        ${options.skipExisting ? sql`on conflict (${sql.ref(options.skipExisting)}) do nothing` : sql``}
        ${returning.length > 0 ? sql`returning ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``}`.execute(
        db,
      );
      answer.inserted += returning.length > 0 ? found.length : Number(numAffectedRows ?? 0);
      answer.rows.push(...found);
      continue;
    }
    // Kysely's own insert, typed loosely: the table is a type parameter here.
    const query = (db as unknown as DbExecutor)
      .insertInto(table as keyof Database)
      .values(batch as never)
      .$if(options.skipExisting !== undefined, (q) =>
        q.onConflict((oc) => oc.column(options.skipExisting as never).doNothing()),
      );
    if (returning.length > 0) {
      const found = (await query.returning(returning as never).execute()) as unknown as Answered<T, R, DB>[];
      answer.inserted += found.length;
      answer.rows.push(...found);
    } else {
      const result = await query.executeTakeFirst();
      answer.inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return answer;
}

/**
 * Sets columns of many rows of one table, each row found by `key`, a statement per 500: every row of
 * `rows` names the key and the same columns to set (the first row's). PostgreSQL reads the rows from one
 * JSON parameter, as `insertMany` does; SQLite from a VALUES list (which names its columns column1..).
 * Answers nothing: a key not stored sets nothing.
 */
export async function updateMany<T extends keyof Database & string>(
  db: DbExecutor,
  table: T,
  key: Columns<T>,
  rows: readonly Partial<Selectable<Database[T]>>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== key) as Columns<T>[];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const batch = rows.slice(at, at + ROWS_PER_STATEMENT);
    if (postgres) {
      await sql`update ${sql.table(table)} set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`))}
        from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(batch)}::json) as v
        where ${sql.table(table)}.${sql.ref(key)} = v.${sql.ref(key)}`.execute(db);
      continue;
    }
    const values = batch.map((r) => sql`(${sql.join([key, ...columns].map((c) => sql`${r[c] ?? null}`))})`);
    await sql`update ${sql.table(table)} set ${sql.join(columns.map((c, k) => sql`${sql.ref(c)} = ${sql.raw(`v.column${k + 2}`)}`))}
      from (values ${sql.join(values)}) as v where ${sql.table(table)}.${sql.ref(key)} = v.column1`.execute(
      db,
    );
  }
}
