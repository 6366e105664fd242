import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { preparedQuery } from './prepared-query';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const namesOf = preparedQuery(
  (db, firstName: string, lastName: string) =>
    db
      .selectFrom('customers')
      .select(['first_name', 'last_name'])
      .where('first_name', '=', firstName)
      .where('last_name', '=', lastName)
      .orderBy('id')
      .limit(sql.lit(10)),
  'first',
  'last',
);

describe('a prepared query', () => {
  it("runs with each call's values, in the order of its arguments", async () => {
    await createCustomer(t.ctx.db, { first_name: 'Ada', last_name: 'Byron' });
    await createCustomer(t.ctx.db, { first_name: 'Byron', last_name: 'Ada' });
    expect(await namesOf(t.ctx.db, 'Ada', 'Byron')).toEqual([{ first_name: 'Ada', last_name: 'Byron' }]);
    expect(await namesOf(t.ctx.db, 'Byron', 'Ada')).toEqual([{ first_name: 'Byron', last_name: 'Ada' }]);
    expect(await namesOf(t.ctx.db, 'Nobody', 'Byron')).toEqual([]);
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const seen = await t.ctx.db.transaction().execute(async (trx) => {
      await createCustomer(trx, { first_name: 'Grace', last_name: 'Hopper' });
      return namesOf(trx, 'Grace', 'Hopper');
    });
    expect(seen).toEqual([{ first_name: 'Grace', last_name: 'Hopper' }]);
  });

  it('binds an argument as often as the query names it, in any order', async () => {
    const lastTwiceThenFirst = preparedQuery(
      (db, lastName: string, firstName: string) =>
        db
          .selectFrom('customers')
          .select(['first_name', 'last_name'])
          .where('last_name', '=', lastName)
          .where('first_name', '=', firstName)
          .where('last_name', '=', lastName)
          .orderBy('id')
          .limit(sql.lit(10)),
      'last',
      'first',
    );
    expect(await lastTwiceThenFirst(t.ctx.db, 'Byron', 'Ada')).toEqual([
      { first_name: 'Ada', last_name: 'Byron' },
    ]);
    expect(await lastTwiceThenFirst(t.ctx.db, 'Ada', 'Byron')).toEqual([
      { first_name: 'Byron', last_name: 'Ada' },
    ]);
  });

  it('refuses, at its first run, a query that binds anything but its arguments', async () => {
    const bindsALimit = preparedQuery(
      (db, firstName: string) =>
        db.selectFrom('customers').select('id').where('first_name', '=', firstName).limit(1),
      'first',
    );
    await expect(bindsALimit(t.ctx.db, 'Ada')).rejects.toThrow(/must bind its arguments and nothing else/);
    const leavesOneOut = preparedQuery(
      (db, firstName: string, _lastName: string) =>
        db.selectFrom('customers').select('id').where('first_name', '=', firstName),
      'first',
      'last',
    );
    await expect(leavesOneOut(t.ctx.db, 'Ada', 'Byron')).rejects.toThrow(/must bind its arguments/);
    // Two samples alike could not tell which argument a parameter is.
    const alike = preparedQuery(
      (db, firstName: string, lastName: string) =>
        db
          .selectFrom('customers')
          .select('id')
          .where('first_name', '=', firstName)
          .where('last_name', '=', lastName),
      'same',
      'same',
    );
    await expect(alike(t.ctx.db, 'Ada', 'Byron')).rejects.toThrow(/must bind its arguments/);
  });
});
