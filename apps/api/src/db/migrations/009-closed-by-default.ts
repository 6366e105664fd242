import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 26 (docs/decisions/020): the e-sign link's own secret, when a session last proved the password,
 * the refresh pair a second tab may be handed again for a few seconds, and the security events staff read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A signing link's token, hashed: one per e-mail sent, one per signed-in browser handed over to e-sign.
  await withId(db, db.schema.createTable('esign_links'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('origin', 'varchar(10)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('esign_links_application_idx')
    .on('esign_links')
    .columns(['application_id', 'origin'])
    .execute();

  // Null for a session that never proved a password (stage 1's applicant session).
  await db.schema.alterTable('session_families').addColumn('password_at', 'varchar(30)').execute();
  // The pair a swap made, sealed under DATA_KEY, handed again to a second swap within the reuse window.
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();

  await withId(db, db.schema.createTable('security_events'))
    .addColumn('type', 'varchar(40)', notNull)
    .addColumn('customer_id', 'integer')
    .addColumn('ip_address', 'varchar(64)')
    .addColumn('detail', 'varchar(500)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('security_events_created_idx')
    .on('security_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('security_events').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
  await db.schema.alterTable('session_families').dropColumn('password_at').execute();
  await db.schema.dropTable('esign_links').execute();
}
