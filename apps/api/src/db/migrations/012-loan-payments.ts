import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 27 (docs/decisions/025): the customer's own card payments, each stored under the customer's
 * idempotency key before the card is charged, and when a new card renewed the Continuous Payment
 * Authority (its failed attempts count from then on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('loan_payments'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('idempotency_key', 'varchar(100)', notNull)
    // SHA-256 of what was asked: the same key sent with another request is refused, not replayed.
    .addColumn('request_hash', 'varchar(64)', notNull)
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('card', 'varchar(10)', notNull)
    .addColumn('provider_trx_id', 'varchar(200)')
    // The provider's token of the card charged, sealed as cards' are: a retry asks again with the same card.
    .addColumn('token_sealed', 'text')
    .addColumn('state', 'varchar(12)', notNull)
    .addColumn('on_date', 'varchar(10)', notNull)
    .addColumn('z2', 'varchar(10)')
    .addColumn('z3', 'varchar(200)')
    .addColumn('charge_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('answered_at', 'varchar(30)')
    .execute();
  // A double click or a replay under one key: the index lets only the first insert, the other reads it.
  await db.schema
    .createIndex('loan_payments_key_uq')
    .on('loan_payments')
    .columns(['customer_id', 'idempotency_key'])
    .unique()
    .execute();
  // One payment being charged per loan at a time: two different payments racing never take more than
  // is due, as the second is priced only once the first has been answered.
  await db.schema
    .createIndex('loan_payments_charging_uq')
    .on('loan_payments')
    .column('application_id')
    .unique()
    .where(sql.ref('state'), '=', 'charging')
    .execute();

  await db.schema.alterTable('loans').addColumn('cpa_renewed_at', 'varchar(30)').execute();

  // A reschedule is a new version of the schedule; the old rows stay, for the statement. Version 1 is the
  // signed schedule (it has no row here).
  await db.schema
    .createTable('loan_schedules')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('loans.application_id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('kind', 'varchar(12)', notNull)
    .addColumn('daily_rate', 'double precision', notNull)
    .addColumn('paid_before_pence', 'integer', notNull)
    .addColumn('created_on', 'varchar(10)', notNull)
    .addColumn('idempotency_key', 'varchar(100)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('loan_schedules_pk', ['application_id', 'version'])
    .execute();
  await db.schema
    .createIndex('loan_schedules_key_uq')
    .on('loan_schedules')
    .columns(['application_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .alterTable('loan_instalments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // One card per confirmed transaction: a new card sent twice (a double click) is stored once.
  await db.schema
    .createIndex('cards_provider_trx_uq')
    .on('cards')
    .columns(['customer_id', 'provider_trx_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_instalments').dropColumn('version').execute();
  await db.schema.dropTable('loan_schedules').execute();
  await db.schema.dropIndex('cards_provider_trx_uq').execute();
  await db.schema.alterTable('loans').dropColumn('cpa_renewed_at').execute();
  await db.schema.dropTable('loan_payments').execute();
}
