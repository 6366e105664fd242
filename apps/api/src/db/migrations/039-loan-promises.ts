import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 48 item 5, the collections actions. A breathing space's kind: the standard 60 days, or a mental
 * health crisis moratorium, which lasts until it is ended. And a promise to pay recorded by staff (due date, amount), its outcome decided by the
 * close of business (kept when the payments received since it cover the amount by its due date).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('breathing_spaces')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('standard'))
    .execute();
  await withId(db, db.schema.createTable('loan_promises'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('made_on', 'varchar(10)', notNull)
    .addColumn('due_on', 'varchar(10)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('made_by', 'text', notNull)
    .addColumn('outcome', 'varchar(10)')
    .addColumn('outcome_on', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('loan_promises_loan_idx')
    .on('loan_promises')
    .columns(['application_id', 'id'])
    .execute();
  await db.schema
    .createIndex('loan_promises_open_idx')
    .on('loan_promises')
    .columns(['outcome', 'made_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loan_promises').execute();
  await db.schema.alterTable('breathing_spaces').dropColumn('kind').execute();
}
