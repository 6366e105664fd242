import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 48's four eyes on money: refunds, waivers and write-offs proposed by one staff member and
 * approved or rejected by a team-lead (features/staff-money/money-proposal-tables.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('money_proposals'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('payment_transaction_id', 'integer', (c) => c.references('loan_transactions.id'))
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('reason', 'varchar(500)', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('maker_staff_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('proposed_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('checker_staff_id', 'integer', (c) => c.references('staff_members.id'))
    .addColumn('checked_at', 'varchar(30)')
    .addColumn('rejection_reason', 'varchar(500)')
    .addColumn('payout_key', 'varchar(60)', (c) => c.unique())
    .addColumn('payout_payment_id', 'varchar(100)')
    .addColumn('payout_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payout_error', 'varchar(300)')
    .execute();
  await db.schema
    .createIndex('money_proposals_loan_idx')
    .on('money_proposals')
    .columns(['application_id', 'id'])
    .execute();
  // The checker's inbox reads the waiting ones, oldest first.
  await db.schema
    .createIndex('money_proposals_state_idx')
    .on('money_proposals')
    .columns(['state', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('money_proposals').execute();
}
