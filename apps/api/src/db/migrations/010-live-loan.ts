import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 25 (docs/decisions/021, 022): the signed loan and its schedule, the ledger of every movement of
 * money, the Continuous Payment Authority's attempts, payouts, the days closed by the close of business,
 * the notices it sends, and the lock that keeps it to one process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The signed agreement's terms, made at signature; only states that are not money live here.
  await db.schema
    .createTable('loans')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('principal_pence', 'integer', notNull)
    .addColumn('daily_rate', 'double precision', notNull)
    .addColumn('priced_on', 'varchar(10)', notNull)
    .addColumn('total_repayable_pence', 'integer', notNull)
    .addColumn('funded_on', 'varchar(10)')
    .addColumn('settled_on', 'varchar(10)')
    .addColumn('blocked_on', 'varchar(10)')
    .addColumn('blocked_reason', 'varchar(200)')
    .addColumn('cpa_cancelled_at', 'varchar(30)')
    .addColumn('default_notice_on', 'varchar(10)')
    .addColumn('remedy_by', 'varchar(10)')
    .addColumn('defaulted_on', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('loans_customer_idx').on('loans').column('customer_id').execute();

  await db.schema
    .createTable('loan_instalments')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('seq', 'integer', notNull)
    .addColumn('due_date', 'varchar(10)', notNull)
    .addColumn('payment_pence', 'integer', notNull)
    .addColumn('principal_pence', 'integer', notNull)
    .addColumn('interest_pence', 'integer', notNull)
    .addPrimaryKeyConstraint('loan_instalments_pk', ['application_id', 'seq'])
    .execute();
  await db.schema.createIndex('loan_instalments_due_idx').on('loan_instalments').column('due_date').execute();

  // Immutable: rows are only ever added. `reference` makes each posting happen once however often the
  // work that posts it runs (a close of business started again, a retried payout).
  await withId(db, db.schema.createTable('loan_transactions'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('type', 'varchar(20)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('on_date', 'varchar(10)', notNull)
    .addColumn('reverses_id', 'integer')
    .addColumn('reference', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('loan_transactions_loan_idx')
    .on('loan_transactions')
    .columns(['application_id', 'id'])
    .execute();

  // Stored with its idempotency key before the card provider is called, answered after.
  await withId(db, db.schema.createTable('cpa_attempts'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('seq', 'integer', notNull)
    .addColumn('attempt', 'integer', notNull)
    .addColumn('on_date', 'varchar(10)', notNull)
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('outcome', 'varchar(20)', notNull)
    .addColumn('z2', 'varchar(10)')
    .addColumn('z3', 'varchar(200)')
    .addColumn('charge_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('answered_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('cpa_attempts_loan_idx')
    .on('cpa_attempts')
    .columns(['application_id', 'seq'])
    .execute();

  await withId(db, db.schema.createTable('payouts'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('state', 'varchar(20)', notNull)
    .addColumn('payment_id', 'varchar(100)')
    .addColumn('attempts', 'integer', notNull)
    .addColumn('last_error', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('payouts_application_idx').on('payouts').column('application_id').execute();

  await db.schema
    .createTable('business_days')
    .addColumn('business_date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('loans_closed', 'integer', notNull)
    .addColumn('started_at', 'varchar(30)', notNull)
    .addColumn('closed_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('loan_notices'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('on_date', 'varchar(10)', notNull)
    .addColumn('reference', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  // A signature whose agreement underwriting replaced with a counter-offer: kept, with when and why, while
  // esign_signatures holds the one signature that stands (its key is the application).
  await withId(db, db.schema.createTable('esign_superseded_signatures'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('signed_at', 'varchar(30)', notNull)
    .addColumn('ip_address', 'varchar(64)', notNull)
    .addColumn('user_agent', 'varchar(500)', notNull)
    .addColumn('documents_sha256', 'varchar(64)', notNull)
    .addColumn('pdf_sha256', 'varchar(64)', notNull)
    .addColumn('pdf_base64', 'text', notNull)
    .addColumn('superseded_at', 'varchar(30)', notNull)
    .addColumn('reason', 'varchar(300)', notNull)
    .execute();

  // Servicing reads an application's decisions (the day it was approved, on every schedule read): without
  // this, each read scanned the whole table (the bench measured 43 ms of PostgreSQL time at 600k rows).
  await db.schema
    .createIndex('application_decisions_application_idx')
    .on('application_decisions')
    .column('application_id')
    .execute();

  // A lock in the database, so only one process of many runs a job at once; it lapses if its holder dies.
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('application_decisions_application_idx').execute();
  for (const table of [
    'job_locks',
    'esign_superseded_signatures',
    'loan_notices',
    'business_days',
    'payouts',
    'cpa_attempts',
    'loan_transactions',
    'loan_instalments',
    'loans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
