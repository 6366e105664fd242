import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 49: the applicant's bank connections (an Open Banking account-access consent each) and what was
 * read through them. The consent's state nonce only as its SHA-256; no access token is kept (the
 * statement is read once, while the applicant waits); the transactions sealed with the data key and
 * deleted 30 days after the decision, the verified figures kept with the application.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bank_connections'))
    // The id the applicant's pages and the account area name it by (never the row id).
    .addColumn('guid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', notNull)
    // The application at stage 3 it was made for; null for a repeat loan, which has none yet.
    .addColumn('application_id', 'integer')
    .addColumn('return_to', 'varchar(16)', notNull)
    .addColumn('bank_id', 'varchar(64)', notNull)
    .addColumn('bank_name', 'varchar(100)', notNull)
    .addColumn('consent_id', 'varchar(128)', notNull)
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    // 'awaiting' | 'connected' | 'denied' | 'failed' | 'revoked' | 'expired'.
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('bank_connections_customer')
    .on('bank_connections')
    .columns(['customer_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('bank_verifications'))
    .addColumn('connection_id', 'integer', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', notNull)
    .addColumn('application_id', 'integer')
    .addColumn('figures_json', 'text', notNull)
    .addColumn('transactions_sealed', 'text')
    .addColumn('read_on', 'varchar(10)', notNull)
    // Set when an application is decided on it (30 days on) or, never decided, 30 days after the read.
    .addColumn('delete_transactions_on', 'varchar(10)', notNull)
    .addColumn('read_at', 'varchar(32)', notNull)
    .execute();
  await db.schema
    .createIndex('bank_verifications_deletion')
    .on('bank_verifications')
    .column('delete_transactions_on')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_verifications').execute();
  await db.schema.dropTable('bank_connections').execute();
}
