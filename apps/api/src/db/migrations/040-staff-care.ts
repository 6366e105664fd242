import type { Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 48 items 4, 6 and 8: the notes and contact log on a customer (append-only: no column here is ever
 * updated), the vulnerabilities recorded on a customer (FG21/1; ended, never deleted), and an index on the
 * applications' status so the collections worklist finds the loans in arrears without reading the book.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('customer_care_entries'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    // The loan the entry is about, if it names one.
    .addColumn('loan_id', 'integer')
    // 'note' | 'contact'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // A contact's: 'phone' | 'email' | 'sms' | 'letter' | 'inPerson'; null for a note.
    .addColumn('channel', 'varchar(16)')
    // 'inbound' | 'outbound'; null for a note.
    .addColumn('direction', 'varchar(16)')
    // 'spokeToCustomer' | 'noAnswer' | 'leftMessage' | 'promiseMade' | 'wrongNumber' | ...; null for a note.
    .addColumn('outcome', 'varchar(32)')
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_care_entries_customer_idx')
    .on('customer_care_entries')
    .columns(['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('customer_care_entries_loan_idx')
    .on('customer_care_entries')
    .columns(['loan_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('customer_vulnerabilities'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    // 'health' | 'lifeEvent' | 'resilience' | 'capability' (FG21/1's four drivers).
    .addColumn('characteristic', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)', (c) => c.notNull())
    // 1 when the customer explicitly agreed to our recording health information (required for 'health').
    .addColumn('health_consent', 'integer', (c) => c.notNull())
    .addColumn('adjustments', 'varchar(2000)', (c) => c.notNull())
    .addColumn('review_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('ended_by', 'integer')
    .addColumn('end_reason', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('customer_vulnerabilities_customer_idx')
    .on('customer_vulnerabilities')
    .column('customer_id')
    .execute();
  // The reviews due: open ones by review date.
  await db.schema
    .createIndex('customer_vulnerabilities_review_idx')
    .on('customer_vulnerabilities')
    .columns(['ended_at', 'review_on'])
    .execute();

  await db.schema.createIndex('applications_status_idx').on('applications').column('status_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applications_status_idx').execute();
  await db.schema.dropTable('customer_vulnerabilities').execute();
  await db.schema.dropTable('customer_care_entries').execute();
}
