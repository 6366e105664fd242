import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 28 (docs/decisions/027): repeat loans. Each answered Register/RepeatLoan is kept under the
 * customer's idempotency key, so the same request again answers the first result; and once per ended
 * application it follows (`follows_application_id` unique), so two requests racing with different keys
 * (two tabs) make one application, not two. A card on file carried over to the new application is
 * stored again for it: one card per confirmed transaction becomes one per transaction and application.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('repeat_loan_requests'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('idempotency_key', 'varchar(36)', notNull)
    .addColumn('request_hash', 'varchar(64)', notNull)
    .addColumn('follows_application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    // The answer given: 0 (esignSent), 211 (card declined, on to stage 2) or 201 (declined).
    .addColumn('error_id', 'integer', notNull)
    .addColumn('error_message', 'varchar(300)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('repeat_loan_requests_key_uq')
    .on('repeat_loan_requests')
    .columns(['customer_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('repeat_loan_requests_follows_uq')
    .on('repeat_loan_requests')
    .column('follows_application_id')
    .unique()
    .execute();

  await db.schema.dropIndex('cards_provider_trx_uq').execute();
  await db.schema
    .createIndex('cards_provider_trx_app_uq')
    .on('cards')
    .columns(['customer_id', 'provider_trx_id', 'application_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_provider_trx_app_uq').execute();
  // Only one row per transaction may stay for the old index: the copies made for repeat loans go.
  await db
    .deleteFrom('cards')
    .where(({ eb, exists, selectFrom }) =>
      exists(
        selectFrom('cards as first')
          .select('first.id')
          .whereRef('first.customer_id', '=', 'cards.customer_id')
          .whereRef('first.provider_trx_id', '=', 'cards.provider_trx_id')
          .where('first.id', '<', eb.ref('cards.id')),
      ),
    )
    .execute();
  await db.schema
    .createIndex('cards_provider_trx_uq')
    .on('cards')
    .columns(['customer_id', 'provider_trx_id'])
    .unique()
    .execute();
  await db.schema.dropTable('repeat_loan_requests').execute();
}
