import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 44: staff members and their sessions, so a staff call has a principal of its own. A session's
 * token is stored as its SHA-256 only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('staff_members'))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(100)', notNull)
    .addColumn('role', 'varchar(30)', notNull)
    .addColumn('disabled_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_members.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('last_seen_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_members').execute();
}
