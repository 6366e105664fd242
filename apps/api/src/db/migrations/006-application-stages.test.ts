import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantAt } from '../../test/application-journey';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './006-application-stages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const STAGE_TABLES = [
  'application_affordability',
  'application_expenses',
  'application_previous_addresses',
  'bank_accounts',
  'cards',
];
const stageTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => STAGE_TABLES.includes(name))
    .sort();

describe('migration 006: the tables of stages 2 to 4', () => {
  it('rolls back to none of them and comes back empty, with one expense per category', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await applicantAt(t, 'stage4');
    expect(await stageTables(db)).toEqual(STAGE_TABLES);

    await down(db);
    expect(await stageTables(db)).toEqual([]);
    // The applications they belonged to are untouched.
    expect(await db.selectFrom('applications').select('id').execute()).toHaveLength(1);

    await up(db);
    expect(await stageTables(db)).toEqual(STAGE_TABLES);
    expect(await db.selectFrom('cards').selectAll().execute()).toEqual([]);
    const { id } = await db.selectFrom('applications').select('id').executeTakeFirstOrThrow();
    const rent = { application_id: id, category: 'rent', monthly_pence: 60_000 };
    await db.insertInto('application_expenses').values(rent).execute();
    await expect(db.insertInto('application_expenses').values(rent).execute()).rejects.toSatisfy(
      isUniqueViolation,
    );
  });
});
