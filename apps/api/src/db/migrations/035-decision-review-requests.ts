import type { Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 47 (UK GDPR Art. 22): a declined applicant may ask for a person to review the automated decision.
 * Each request is kept for staff, with how it came in and who took it, until a person has reviewed it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('decision_review_requests'))
    .addColumn('application_id', 'integer', (c) => c.notNull())
    // 'phone' | 'email' | 'letter'.
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('recorded_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('decision_review_requests_application')
    .on('decision_review_requests')
    .column('application_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('decision_review_requests').execute();
}
