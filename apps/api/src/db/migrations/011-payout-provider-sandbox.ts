import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * The built-in payout-provider sandbox's own table (apps/api/src/sandbox/payout-provider/tables.ts): one
 * row per Faster Payment. It never holds the account number in clear, only its SHA-256 and last 4 digits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('payout_sandbox_payments'))
    .addColumn('payment_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'varchar(200)', notNull)
    .addColumn('request_hash', 'varchar(64)', notNull)
    .addColumn('sort_code', 'varchar(6)', notNull)
    .addColumn('account_hash', 'varchar(64)', notNull)
    .addColumn('account_last4', 'varchar(4)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('reference', 'varchar(18)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('reason', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  // Two requests racing with one key: the index lets only the first insert, the other reads it back.
  await db.schema
    .createIndex('payout_sandbox_payments_idempotency_key_uq')
    .on('payout_sandbox_payments')
    .column('idempotency_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payout_sandbox_payments').execute();
}
