import type { Kysely } from 'kysely';
import { isPostgres, notNull, withId } from './column-helpers';

/**
 * Issue 48: staff sign in with an e-mail, a password (argon2id, as customers') and a TOTP code. The
 * member gains the e-mail (the sign-in name; unique, stored lower-cased), the password hash, the TOTP
 * secret sealed with the data key, the last accepted TOTP step (the replay guard), and the lock fields.
 * Recovery codes are kept as SHA-256 hashes; an invitation as its token's SHA-256, with the secret it
 * showed (sealed) so the invitation page shows the same one when reloaded. A security event may now name
 * a staff member. `username` stays: a member added by invitation has their e-mail as username.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // The username of an invited member is their e-mail (up to 254 characters); SQLite has no lengths.
    await db.schema
      .alterTable('staff_members')
      .alterColumn('username', (c) => c.setDataType('varchar(254)'))
      .execute();
  }
  for (const [name, type] of [
    ['email', 'varchar(254)'],
    ['password_hash', 'varchar(255)'],
    ['totp_secret_sealed', 'varchar(255)'],
    ['last_totp_step', 'integer'],
    ['enrolled_at', 'varchar(30)'],
    ['failed_count', 'integer'],
    ['failed_since', 'varchar(30)'],
    ['locked_until', 'varchar(30)'],
  ] as const) {
    await db.schema.alterTable('staff_members').addColumn(name, type).execute();
  }
  // SQLite cannot add a UNIQUE column: the index makes it unique on both (several NULLs are allowed).
  await db.schema
    .createIndex('staff_members_email_unique')
    .on('staff_members')
    .column('email')
    .unique()
    .execute();

  await withId(db, db.schema.createTable('staff_recovery_codes'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_staff_idx')
    .on('staff_recovery_codes')
    .columns(['staff_id', 'code_hash'])
    .execute();

  await withId(db, db.schema.createTable('staff_invitations'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('pending_totp_secret_sealed', 'varchar(255)')
    .addColumn('created_by', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('staff_invitations_staff_idx')
    .on('staff_invitations')
    .column('staff_id')
    .execute();

  await db.schema.alterTable('security_events').addColumn('staff_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('security_events').dropColumn('staff_id').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropIndex('staff_members_email_unique').execute();
  for (const name of [
    'locked_until',
    'failed_since',
    'failed_count',
    'enrolled_at',
    'last_totp_step',
    'totp_secret_sealed',
    'password_hash',
    'email',
  ]) {
    await db.schema.alterTable('staff_members').dropColumn(name).execute();
  }
}
