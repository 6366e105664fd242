import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * The built-in credit reference agency sandbox's own tables (apps/api/src/sandbox/credit-reference/
 * tables.ts), apart from the lender's as a real agency's database would be: the searches made (the
 * footprints), the loan events shared (once per eventId), the monthly files' accepted lines, and every
 * record or line rejected.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cra_sandbox_searches'))
    .addColumn('reference', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('search_type', 'varchar(12)', notNull)
    // Lower case: the sandbox answers by surname in any case, and tests count searches by it.
    .addColumn('surname', 'varchar(100)', notNull)
    .addColumn('consent_reference', 'varchar(200)', notNull)
    .addColumn('searched_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('cra_sandbox_searches_surname')
    .on('cra_sandbox_searches')
    .column('surname')
    .execute();

  await withId(db, db.schema.createTable('cra_sandbox_records'))
    // An event shared again is received once: the index lets only the first insert.
    .addColumn('event_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('receipt_id', 'varchar(40)', notNull)
    .addColumn('account_reference', 'varchar(20)', notNull)
    .addColumn('event', 'varchar(20)', notNull)
    .addColumn('occurred_on', 'varchar(10)', notNull)
    .addColumn('record_json', 'text', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('cra_sandbox_monthly_lines'))
    .addColumn('month', 'varchar(7)', notNull)
    .addColumn('receipt_id', 'varchar(40)', notNull)
    .addColumn('line_number', 'integer', notNull)
    .addColumn('account_reference', 'varchar(20)', notNull)
    .addColumn('status', 'varchar(1)', notNull)
    .addColumn('balance_pence', 'integer', notNull)
    .addColumn('line', 'varchar(200)', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('cra_sandbox_monthly_lines_month')
    .on('cra_sandbox_monthly_lines')
    .column('month')
    .execute();

  await withId(db, db.schema.createTable('cra_sandbox_rejections'))
    .addColumn('receipt_id', 'varchar(40)', notNull)
    // 'records' (POST /v1/records) or 'monthly' (POST /v1/monthly/:month).
    .addColumn('source', 'varchar(10)', notNull)
    .addColumn('month', 'varchar(7)')
    // The record's eventId, or 'line <n>' of a monthly file.
    .addColumn('record_id', 'varchar(100)', notNull)
    .addColumn('reason', 'varchar(300)', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'cra_sandbox_rejections',
    'cra_sandbox_monthly_lines',
    'cra_sandbox_records',
    'cra_sandbox_searches',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
