import { sql, type Kysely } from 'kysely';

/**
 * Issue 48's staff search (item 3) and customer record (item 4). E-mail, mobile and application guid
 * already have unique indexes, a loan is found by its key: what staff also type is a surname (any case,
 * with or without a date of birth) and a postcode, and the record shows a customer's newest security
 * events. An expression index on lower(last_name) is the same statement on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index customers_last_name_lower_idx on customers (lower(last_name), birth_date)`.execute(
    db,
  );
  await db.schema.createIndex('customers_post_code_idx').on('customers').column('post_code').execute();
  await db.schema
    .createIndex('security_events_customer_idx')
    .on('security_events')
    .columns(['customer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('security_events_customer_idx').execute();
  await db.schema.dropIndex('customers_post_code_idx').execute();
  await db.schema.dropIndex('customers_last_name_lower_idx').execute();
}
