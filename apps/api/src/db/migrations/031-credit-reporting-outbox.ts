import type { Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 47, 'Sharing what we lend': each loan event becomes a record for the credit reference agency,
 * stored here before it is sent (the outbox pattern). `event_id` is unique, so deriving a day's events
 * again stores nothing new; a row stays 'pending' until the agency's receipt marks it 'sent', or
 * 'rejected' with the agency's reason (`ops cra rejections`). The record is kept as it was sent (JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('credit_reporting_outbox'))
    .addColumn('event_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('occurred_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('receipt_id', 'varchar(100)')
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('credit_reporting_outbox_state_idx')
    .on('credit_reporting_outbox')
    .columns(['state', 'id'])
    .execute();
  // A day's events are read by date: without it, each close of business would scan every interest row.
  await db.schema
    .createIndex('loan_transactions_on_date_idx')
    .on('loan_transactions')
    .columns(['on_date', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_transactions_on_date_idx').execute();
  await db.schema.dropTable('credit_reporting_outbox').execute();
}
