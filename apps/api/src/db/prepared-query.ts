import type { Compilable, CompiledQuery } from 'kysely';
import type { DbExecutor } from './create-db';

type Prepared<Row> = { query: CompiledQuery<Row>; argumentOf: readonly number[] };

/**
 * A query whose SQL never changes, built and compiled once per database or transaction and then run with
 * each call's values. Kysely otherwise builds, freezes and compiles the whole query tree on every call,
 * which was most of a signed-in read's cost (bench/README.md); and the same text each time (the same
 * string) is what the statement's name is found by (create-db.ts) without hashing it anew.
 *
 * Every parameter the query binds must be one of `build`'s arguments (an argument may be bound several
 * times, in any order): constants go in as `sql.lit`. `sample` (distinct values) finds which argument
 * each parameter is, at the first run, so a query that binds anything else fails loudly instead of
 * running with a value where another belongs.
 */
export function preparedQuery<Row, Args extends unknown[]>(
  build: (db: DbExecutor, ...args: Args) => Compilable<Row>,
  ...sample: Args
) {
  const compiled = new WeakMap<DbExecutor, Prepared<Row>>();
  const compile = (db: DbExecutor) => {
    const query = build(db, ...sample).compile();
    const argumentOf = query.parameters.map((value) => sample.indexOf(value));
    const bindsEach = sample.every((_, i) => argumentOf.includes(i));
    if (new Set(sample).size !== sample.length || argumentOf.includes(-1) || !bindsEach) {
      throw new Error(`A prepared query must bind its arguments and nothing else: ${query.sql}`);
    }
    const prepared = { query, argumentOf };
    compiled.set(db, prepared);
    return prepared;
  };
  return async (db: DbExecutor, ...args: Args): Promise<Row[]> => {
    const { query, argumentOf } = compiled.get(db) ?? compile(db);
    const parameters = argumentOf.map((i) => args[i]);
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
