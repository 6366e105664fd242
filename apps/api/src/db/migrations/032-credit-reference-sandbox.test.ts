import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './032-credit-reference-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sandboxTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith('cra_sandbox_'))
    .sort();

const record = (eventId: string) => ({
  event_id: eventId,
  receipt_id: 'RCPT-1',
  account_reference: 'KL0001001',
  event: 'opened',
  occurred_on: '2026-11-02',
  record_json: '{}',
  received_at: '2026-11-02T10:00:00.000Z',
});

describe('migration 032: the credit reference sandbox tables', () => {
  it('rolls back to no sandbox table and comes back empty, one record per eventId', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await db.insertInto('cra_sandbox_records').values(record('ev-1')).execute();
    const tables = [
      'cra_sandbox_monthly_lines',
      'cra_sandbox_records',
      'cra_sandbox_rejections',
      'cra_sandbox_searches',
    ];
    expect(await sandboxTables(db)).toEqual(tables);

    await down(db);
    expect(await sandboxTables(db)).toEqual([]);
    // The lender's own tables are untouched.
    expect(await db.selectFrom('dictionary_entries').select('id').limit(1).execute()).toHaveLength(1);

    await up(db);
    expect(await sandboxTables(db)).toEqual(tables);
    expect(await db.selectFrom('cra_sandbox_records').selectAll().execute()).toEqual([]);
    await db.insertInto('cra_sandbox_records').values(record('ev-2')).execute();
    await expect(db.insertInto('cra_sandbox_records').values(record('ev-2')).execute()).rejects.toSatisfy(
      isUniqueViolation,
    );
  });
});
