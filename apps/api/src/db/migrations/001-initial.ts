import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dictionary_entries')
    .addColumn('dictionary', 'varchar(40)', notNull)
    .addColumn('id', 'integer', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('in_small', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fixes_date', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dictionary_entries_pk', ['dictionary', 'id'])
    .execute();

  await withId(db, db.schema.createTable('customers'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('title_id', 'integer', notNull)
    .addColumn('first_name', 'varchar(50)', notNull)
    .addColumn('last_name', 'varchar(50)', notNull)
    .addColumn('birth_date', 'varchar(10)', notNull)
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('is_legal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('news_from_us', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('post_code', 'varchar(8)', notNull)
    .addColumn('county', 'varchar(35)')
    .addColumn('town', 'varchar(25)')
    .addColumn('street', 'varchar(50)')
    .addColumn('building', 'varchar(50)')
    .addColumn('house_number', 'varchar(12)')
    .addColumn('flat_no', 'varchar(30)')
    .addColumn('address_str', 'varchar(300)', notNull)
    .addColumn('lived_in_address_id', 'integer')
    .addColumn('residential_status_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('applications'))
    .addColumn('guid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('status_id', 'integer', notNull)
    .addColumn('product_id', 'integer', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('duration', 'integer', notNull)
    .addColumn('wage_frequency_id', 'integer', notNull)
    .addColumn('repayment_date', 'varchar(10)', notNull)
    .addColumn('net_monthly_income_pence', 'integer', notNull)
    .addColumn('num_dependents', 'integer', notNull)
    .addColumn('daily_rate_ppm', 'integer', notNull)
    .addColumn('source', 'varchar(100)')
    .addColumn('campaign', 'varchar(100)')
    .addColumn('tier_name', 'varchar(50)')
    .addColumn('quote_total_pence', 'integer')
    .addColumn('quote_instalment_pence', 'integer')
    .addColumn('quote_apr', 'real')
    .addColumn('accepted_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('applications_customer_idx').on('applications').column('customer_id').execute();

  await withId(db, db.schema.createTable('application_decisions'))
    .addColumn('application_id', 'integer', (c) => c.references('applications.id'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('kind', 'varchar(40)', notNull)
    .addColumn('reason', 'varchar(500)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('one_time_tokens'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('purpose', 'varchar(30)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(10)', notNull)
    .addColumn('to_address', 'varchar(254)', notNull)
    .addColumn('subject', 'varchar(200)')
    .addColumn('text', 'text', notNull)
    .addColumn('html', 'text')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('outbox_to_idx').on('outbox').column('to_address').execute();

  await withId(db, db.schema.createTable('client_errors'))
    .addColumn('url', 'varchar(2000)', notNull)
    .addColumn('prev_url', 'varchar(2000)')
    .addColumn('message', 'text', notNull)
    .addColumn('user_agent', 'varchar(1000)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'client_errors',
    'outbox',
    'one_time_tokens',
    'refresh_tokens',
    'application_decisions',
    'applications',
    'customers',
    'dictionary_entries',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
