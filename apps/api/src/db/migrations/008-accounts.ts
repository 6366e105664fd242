import { sql, type Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Sign-in and the account area (issue 12, docs/decisions/017): a session family per sign-in that its
 * rotating refresh tokens belong to, every login attempt (for the lockout and for staff), e-mail changes
 * waiting for their link, marketing consent per channel with its history, and runtime settings
 * (maintenance mode without a restart).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('session_families'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('revoked_reason', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('session_families_customer_idx')
    .on('session_families')
    .column('customer_id')
    .execute();

  // A refresh token issued before families existed becomes the only token of a family of its own.
  await db.schema.alterTable('refresh_tokens').addColumn('family_id', 'integer').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('used_at', 'varchar(30)').execute();
  const legacy = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'customer_id', 'created_at', 'revoked_at'])
    .execute();
  for (const t of legacy) {
    const family = await db
      .insertInto('session_families')
      .values({
        customer_id: t.customer_id,
        created_at: t.created_at,
        revoked_at: t.revoked_at,
        revoked_reason: t.revoked_at ? 'sign-out' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('refresh_tokens').set({ family_id: family.id }).where('id', '=', t.id).execute();
  }
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  // No e-mail column: what was typed as the user name of a failed attempt may be a password.
  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('ip_address', 'varchar(64)', notNull)
    .addColumn('outcome', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('login_attempts_customer_idx')
    .on('login_attempts')
    .columns(['customer_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('email_changes'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('new_email', 'varchar(254)', notNull)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('email_changes_customer_idx')
    .on('email_changes')
    .column('customer_id')
    .execute();

  await db.schema
    .alterTable('customers')
    .addColumn('news_by_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('customers')
    .addColumn('news_by_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update customers set news_by_email = news_from_us, news_by_sms = news_from_us`.execute(db);
  await db.schema.alterTable('customers').dropColumn('news_from_us').execute();

  // Proof of consent (PECR): who gave or withdrew it, for which channel, when and where.
  await withId(db, db.schema.createTable('consent_events'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('channel', 'varchar(5)', notNull)
    .addColumn('given', 'integer', notNull)
    .addColumn('source', 'varchar(20)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('consent_events_customer_idx')
    .on('consent_events')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('news_from_us', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update customers set news_from_us = case when news_by_email = 1 or news_by_sms = 1 then 1 else 0 end`.execute(
    db,
  );
  await db.schema.alterTable('customers').dropColumn('news_by_email').execute();
  await db.schema.alterTable('customers').dropColumn('news_by_sms').execute();
  await db.schema.dropIndex('refresh_tokens_family_idx').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('used_at').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('family_id').execute();
  for (const table of [
    'app_settings',
    'consent_events',
    'email_changes',
    'login_attempts',
    'session_families',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
