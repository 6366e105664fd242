import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * The built-in card-provider sandbox's own tables (apps/api/src/sandbox/card-provider/tables.ts): a card
 * check per transaction and the charges on its token. They hold no card number and no security code;
 * the key and the token only as their SHA-256.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_sandbox_transactions')
    .addColumn('trx_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('merchant_id', 'varchar(100)', notNull)
    .addColumn('behaviour', 'varchar(20)', notNull)
    .addColumn('last4', 'varchar(4)', notNull)
    .addColumn('exp_month', 'integer', notNull)
    .addColumn('exp_year', 'integer', notNull)
    .addColumn('holder', 'varchar(100)', notNull)
    .addColumn('client_id', 'varchar(100)')
    .addColumn('fingerprinted_at', 'varchar(30)')
    .addColumn('challenge', 'varchar(10)')
    .addColumn('return_url', 'varchar(500)')
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('card_sandbox_charges'))
    .addColumn('charge_id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('merchant_id', 'varchar(100)', notNull)
    .addColumn('reference', 'varchar(100)', notNull)
    .addColumn('token_hash', 'varchar(64)', notNull)
    .addColumn('amount_pence', 'integer', notNull)
    .addColumn('outcome', 'varchar(10)', notNull)
    .addColumn('z2', 'varchar(4)', notNull)
    .addColumn('z3', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('card_sandbox_charges_reference_uq', ['merchant_id', 'reference'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_sandbox_charges').execute();
  await db.schema.dropTable('card_sandbox_transactions').execute();
}
