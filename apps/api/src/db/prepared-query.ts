import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery } from 'kysely';
import type { DbExecutor } from './create-db';

/**
 * A query whose SQL never changes, built and compiled once per database or transaction and then run with
 * each call's values. Kysely otherwise builds, freezes and compiles the whole query tree on every call,
 * which was most of a signed-in read's cost (bench/README.md).
 *
 * The query's parameters must be exactly `build`'s arguments, in order: constants go in as `sql.lit`.
 * `sample` (distinct values) checks that once, at the first run, so a query that binds anything else, or
 * binds the arguments in another order, fails loudly instead of running with its values shifted.
 */
export function preparedQuery<Row, Args extends unknown[]>(
  build: (db: DbExecutor, ...args: Args) => Compilable<Row>,
  ...sample: Args
) {
  const compiled = new WeakMap<DbExecutor, CompiledQuery<Row>>();
  const compile = (db: DbExecutor) => {
    const query = build(db, ...sample).compile();
    if (!isDeepStrictEqual(query.parameters, sample)) {
      throw new Error(`A prepared query must bind exactly its arguments, in order: ${query.sql}`);
    }
    compiled.set(db, query);
    return query;
  };
  return async (db: DbExecutor, ...args: Args): Promise<Row[]> => {
    const query = compiled.get(db) ?? compile(db);
    return (await db.executeQuery<Row>({ ...query, parameters: args })).rows;
  };
}
