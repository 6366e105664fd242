import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { createDb } from './create-db';
import { migrateToLatest, migrationFiles } from './migrate';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('migrations', () => {
  it('have run, and running them again changes nothing', async () => {
    expect(await migrateToLatest(t.ctx.db)).toEqual([]);
  });

  it('create every table of db/schema.ts', async () => {
    for (const table of [
      'dictionary_entries',
      'customers',
      'applications',
      'application_decisions',
      'refresh_tokens',
      'one_time_tokens',
      'outbox',
      'client_errors',
      'session_families',
      'login_attempts',
      'email_changes',
      'consent_events',
      'app_settings',
      'limit_events',
    ] as const) {
      const row = await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThanOrEqual(0);
    }
  });

  it('seed the 8 dictionaries and the document categories', async () => {
    const rows = await t.ctx.db.selectFrom('dictionary_entries').select('dictionary').distinct().execute();
    expect(rows.map((r) => r.dictionary).sort()).toEqual([
      'documentCategories',
      'employmentIndustry',
      'employmentStatus',
      'livedInAddress',
      'loanReason',
      'maritalStatus',
      'residentalStatus',
      'titles',
      'wageFrequencies',
    ]);
  });

  it('enforce foreign keys and unique e-mails on both databases', async () => {
    const now = new Date().toISOString();
    await expect(
      t.ctx.db
        .insertInto('refresh_tokens')
        .values({
          customer_id: 987_654,
          token_hash: 'x'.repeat(64),
          expires_at: now,
          revoked_at: null,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    const c = await createCustomer(t.ctx.db);
    await expect(createCustomer(t.ctx.db, { email: c.email })).rejects.toThrow();
  });

  it('give integer ids and counts as numbers, not strings', async () => {
    const c = await createCustomer(t.ctx.db);
    expect(typeof c.id).toBe('number');
    const row = await t.ctx.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
  });
});

describe.runIf(onPostgres)('PostgreSQL with ?schema=', () => {
  it('keeps every table, including the migration bookkeeping, in its own schema', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db);
    const schema = rows[0]!.schema;
    expect(schema).toMatch(/^t_/);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = ${schema}`.execute(t.ctx.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['customers', 'outbox', 'kysely_migration', 'kysely_migration_lock']),
    );
  });

  it('migrates a second schema in the same database independently', async () => {
    const other = await createTestApp();
    try {
      const rows = await other.ctx.db.selectFrom('dictionary_entries').select('id').execute();
      expect(rows.length).toBeGreaterThan(0);
      await createCustomer(other.ctx.db, { email: 'only.here@example.com' });
      const mine = await t.ctx.db
        .selectFrom('customers')
        .where('email', '=', 'only.here@example.com')
        .execute();
      expect(mine).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(onPostgres)('PostgreSQL prepared statements', () => {
  it('prepares a statement once per connection and runs it again by name', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        await trx.selectFrom('customers').select('id as probe_id').where('email', '=', email).execute();
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%"probe_id" from "customers" where "email" =%'
        and statement not like '%pg_prepared_statements%'`.execute(trx);
      expect(rows).toHaveLength(1);
    });
  });

  it('leaves statements with many parameters unnamed', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      const ids = Array.from({ length: 60 }, (_, k) => k + 1);
      await trx.selectFrom('customers').select('id').where('id', 'in', ids).execute();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%"id" in ($1, $2%'
        and statement not like '%pg_prepared_statements%'`.execute(trx);
      expect(rows).toEqual([]);
    });
  });

  it('answers from the changed table when a migration elsewhere changed what a prepared statement returns', async () => {
    await sql`create table prepared_probe (id integer primary key, a integer)`.execute(t.ctx.db);
    await sql`insert into prepared_probe values (1, 10)`.execute(t.ctx.db);
    await t.ctx.db.transaction().execute(async (trx) => {
      const read = () =>
        sql<Record<string, number>>`select * from prepared_probe where id = ${1}`.execute(trx);
      expect((await read()).rows).toEqual([{ id: 1, a: 10 }]);
      expect((await read()).rows).toEqual([{ id: 1, a: 10 }]);
    });
    // Another process's migration; this session's prepared `select *` no longer fits the table.
    await sql`alter table prepared_probe add column b integer default 7`.execute(t.ctx.db);
    for (let k = 0; k < 12; k++) {
      const { rows } = await sql<
        Record<string, number>
      >`select * from prepared_probe where id = ${1}`.execute(t.ctx.db);
      expect(rows).toEqual([{ id: 1, a: 10, b: 7 }]);
    }
    await sql`drop table prepared_probe`.execute(t.ctx.db);
  });
});

describe.runIf(!onPostgres)('SQLite', () => {
  it('creates the directory, and runs in WAL mode with synchronous=FULL and foreign keys on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-create-db-'));
    const { db, kind } = await createDb(`sqlite:${path.join(dir, 'nested', 'deeper', 'x.sqlite')}`);
    try {
      expect(kind).toBe('sqlite');
      expect(fs.existsSync(path.join(dir, 'nested', 'deeper'))).toBe(true);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode.rows[0]!.journal_mode).toBe('wal');
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(sync.rows[0]!.synchronous).toBe(2);
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(fk.rows[0]!.foreign_keys).toBe(1);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('createDb', () => {
  it.each(['Bad-Name', '1abc', 'a;drop table x', 'x'.repeat(64)])(
    'refuses the schema name %j',
    async (schema) => {
      await expect(
        createDb(`postgres://postgres@127.0.0.1:1/postgres?schema=${encodeURIComponent(schema)}`),
      ).rejects.toThrow(/Invalid schema name/);
    },
  );

  it('opens an in-memory SQLite database', async () => {
    const { db, kind } = await createDb('sqlite::memory:');
    try {
      expect(kind).toBe('sqlite');
      const ran = await migrateToLatest(db);
      // Every file of the folder, in number order; the first nineteen as they always ran.
      expect(ran).toEqual((await migrationFiles()).map((file) => file.slice(0, -'.ts'.length)));
      expect(ran.slice(0, 19)).toEqual([
        '001-initial',
        '002-seed-dictionaries',
        '003-one-name-per-concept',
        '004-outbox-sealed-secrets',
        '005-card-provider-sandbox',
        '006-application-stages',
        '007-esign',
        '008-accounts',
        '009-closed-by-default',
        '010-live-loan',
        '011-payout-provider-sandbox',
        '012-loan-payments',
        '013-loan-withdrawal-and-breathing-space',
        '014-repeat-loans',
        '015-documents-and-pre-claim',
        '016-partner-leads',
        '017-shared-limits',
        '018-borrow-area-read-indexes',
        '019-home-question-answers',
      ]);
    } finally {
      await db.destroy();
    }
  });
});
