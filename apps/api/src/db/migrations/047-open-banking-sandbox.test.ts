import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './047-open-banking-sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sandboxTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith('ob_sandbox_'))
    .sort();

const code = (hash: string) => ({
  code_hash: hash,
  consent_id: 'obc-1',
  redirect_uri: 'http://localhost:3000/open-banking/return',
  expires_at: '2026-11-28T10:05:00.000Z',
  used_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
});

describe('migration 047: the open banking sandbox bank tables', () => {
  it('rolls back to no sandbox table and comes back empty, one row per code hash', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await db
      .insertInto('ob_sandbox_codes')
      .values(code('a'.repeat(64)))
      .execute();
    const tables = ['ob_sandbox_codes', 'ob_sandbox_consents', 'ob_sandbox_tokens'];
    expect(await sandboxTables(db)).toEqual(tables);

    await down(db);
    expect(await sandboxTables(db)).toEqual([]);
    // The lender's own tables are untouched.
    expect(await db.selectFrom('dictionary_entries').select('id').limit(1).execute()).toHaveLength(1);

    await up(db);
    expect(await sandboxTables(db)).toEqual(tables);
    expect(await db.selectFrom('ob_sandbox_codes').selectAll().execute()).toEqual([]);
    await db
      .insertInto('ob_sandbox_codes')
      .values(code('b'.repeat(64)))
      .execute();
    await expect(
      db
        .insertInto('ob_sandbox_codes')
        .values(code('b'.repeat(64)))
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
  });
});
