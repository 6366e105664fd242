import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { DbExecutor } from './create-db';
import type { Database } from './schema';

/** Rows per statement: a close-of-business page. */
const ROWS_PER_STATEMENT = 500;

type Columns<T extends keyof Database> = keyof Database[T] & keyof Selectable<Database[T]> & string;
type Answered<T extends keyof Database, R extends Columns<T>> = Pick<Selectable<Database[T]>, R>;

export type InsertManyOptions<T extends keyof Database, R extends Columns<T>> = {
  /** A unique column: a row whose value is stored already is left as it is (and not answered). */
  skipExisting?: Columns<T>;
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
 * SQLite, in process, keeps the VALUES list. Answers the rows inserted, with `returning`'s columns.
 */
export async function insertMany<T extends keyof Database & string, R extends Columns<T> = never>(
  db: DbExecutor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  options: InsertManyOptions<T, R> = {},
): Promise<{ inserted: number; rows: Answered<T, R>[] }> {
  const answer = { inserted: 0, rows: [] as Answered<T, R>[] };
  if (rows.length === 0) return answer;
  const columns = Object.keys(rows[0]!) as Columns<T>[];
  const returning = options.returning ?? [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const batch = rows.slice(at, at + ROWS_PER_STATEMENT);
    if (postgres) {
      const names = sql.join(columns.map((c) => sql.ref(c)));
      const { rows: found, numAffectedRows } = await sql<Answered<T, R>>`
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
    const query = (db as DbExecutor)
      .insertInto(table as keyof Database)
      .values(batch as never)
      .$if(options.skipExisting !== undefined, (q) =>
        q.onConflict((oc) => oc.column(options.skipExisting as never).doNothing()),
      );
    if (returning.length > 0) {
      const found = (await query.returning(returning as never).execute()) as unknown as Answered<T, R>[];
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
