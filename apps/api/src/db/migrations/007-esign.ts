import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * E-sign (issue 11, docs/decisions/016): the SMS codes and e-mail links sent (their hashes only), the
 * documents served for signing (their hash), the signature record with the signed PDF, and the
 * attachments of outgoing e-mails. Large contents are base64 text: the same type on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('esign_codes'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('channel', 'varchar(5)', notNull)
    .addColumn('secret_hash', 'varchar(64)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('tries', 'integer', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('esign_codes_application_idx')
    .on('esign_codes')
    .columns(['application_id', 'channel', 'id'])
    .execute();

  await db.schema
    .createTable('esign_documents_served')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('documents_sha256', 'varchar(64)', notNull)
    .addColumn('priced_on', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('esign_documents_served_pk', ['application_id', 'documents_sha256'])
    .execute();

  await db.schema
    .createTable('esign_signatures')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id'))
    .addColumn('signed_at', 'varchar(30)', notNull)
    .addColumn('ip_address', 'varchar(64)', notNull)
    .addColumn('user_agent', 'varchar(500)', notNull)
    .addColumn('documents_sha256', 'varchar(64)', notNull)
    .addColumn('pdf_sha256', 'varchar(64)', notNull)
    .addColumn('pdf_base64', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('outbox_attachments'))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('outbox.id'))
    .addColumn('file_name', 'varchar(200)', notNull)
    .addColumn('content_type', 'varchar(100)', notNull)
    .addColumn('content_base64', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('outbox_attachments_outbox_idx')
    .on('outbox_attachments')
    .column('outbox_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['outbox_attachments', 'esign_signatures', 'esign_documents_served', 'esign_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
