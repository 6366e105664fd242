import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 27 (docs/decisions/026): a customer's notice of withdrawal from a loan agreement (Consumer
 * Credit Act s66A), and the Breathing Space moratoria staff record (the Debt Respite Scheme). Tables of
 * their own rather than columns of `loans`: a withdrawal is one fact with its own dates, a loan may have
 * more than one moratorium over its life, and the loan's own row stays the signed terms and the states
 * of collection.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // At most one notice per loan (the primary key): a second request answers the first notice.
  await db.schema
    .createTable('loan_withdrawals')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('loans.application_id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    // The business date the notice was given, and the last day of the 30 to repay in (s66A(9)).
    .addColumn('notice_on', 'varchar(10)', notNull)
    .addColumn('repay_by', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('loan_withdrawals_customer_idx')
    .on('loan_withdrawals')
    .column('customer_id')
    .execute();

  // A moratorium covers started_on to ends_on, both included (60 days); ended_on, when staff end it
  // early, is its last day instead.
  await withId(db, db.schema.createTable('breathing_spaces'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('started_on', 'varchar(10)', notNull)
    .addColumn('ends_on', 'varchar(10)', notNull)
    .addColumn('ended_on', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('breathing_spaces_loan_idx')
    .on('breathing_spaces')
    .columns(['application_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('breathing_spaces').execute();
  await db.schema.dropTable('loan_withdrawals').execute();
}
