import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './021-decision-findings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tableNames = async (db: Kysely<any>) => (await db.introspection.getTables()).map((x) => x.name);

describe('migration 021: decision findings', () => {
  it('refuses a finding of no application, and rolls back to no table and up again', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    const orphan = await db
      .insertInto('decision_findings')
      .values({
        application_id: 999_999,
        position: 1,
        check_name: 'screen',
        outcome: 'pass',
        reason_code: 'passed',
        details: '{}',
        created_at: new Date().toISOString(),
      })
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(orphan).toBeInstanceOf(Error);

    await down(db);
    expect(await tableNames(db)).not.toContain('decision_findings');
    await up(db);
    expect(await tableNames(db)).toContain('decision_findings');
  });
});
