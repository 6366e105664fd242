import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerAt } from '../../test/esign-journey';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUniqueViolation } from '../unique-violation';
import { down, up } from './007-esign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ESIGN_TABLES = ['esign_codes', 'esign_documents_served', 'esign_signatures', 'outbox_attachments'];
const esignTables = async (db: Kysely<any>) =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => ESIGN_TABLES.includes(name))
    .sort();

describe('migration 007: the e-sign tables', () => {
  it('rolls back to none of them, leaving the outbox, and comes back empty with one signature per application', async () => {
    const db = t.ctx.db as unknown as Kysely<any>;
    await signerAt(t);
    expect(await esignTables(db)).toEqual(ESIGN_TABLES);
    const messages = (await db.selectFrom('outbox').select('id').execute()).length;

    await down(db);
    expect(await esignTables(db)).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').execute()).toHaveLength(messages);

    await up(db);
    expect(await esignTables(db)).toEqual(ESIGN_TABLES);
    expect(await db.selectFrom('esign_codes').selectAll().execute()).toEqual([]);
    const { id } = await db.selectFrom('applications').select('id').executeTakeFirstOrThrow();
    const signature = {
      application_id: id,
      signed_at: '2026-11-23T10:00:00.000Z',
      ip_address: '127.0.0.1',
      user_agent: 'test',
      documents_sha256: 'a'.repeat(64),
      pdf_sha256: 'b'.repeat(64),
      pdf_base64: 'JVBERi0=',
    };
    await db.insertInto('esign_signatures').values(signature).execute();
    await expect(db.insertInto('esign_signatures').values(signature).execute()).rejects.toSatisfy(
      isUniqueViolation,
    );
  });
});
