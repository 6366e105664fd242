import type { Kysely } from 'kysely';
import { withId } from './column-helpers';

/**
 * Issue 47: every search of a credit file we made, soft or hard, kept for the decision that read it, for
 * the customer's account area and for reuse within 30 days. The agency's report is personal data: it is
 * kept sealed with the data key, never in clear; the reference is the agency's, which findings name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('credit_searches'))
    // The application the search was made for (its consent); its customer is the application's.
    .addColumn('application_guid', 'varchar(36)', (c) => c.notNull())
    .addColumn('search_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('agency', 'varchar(100)', (c) => c.notNull())
    // 'report', or 'unavailable' when the agency did not answer (no footprint was made).
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)')
    .addColumn('report_sealed', 'text')
    .addColumn('searched_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('searched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_searches_application')
    .on('credit_searches')
    .columns(['application_guid', 'searched_on'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_searches').execute();
}
