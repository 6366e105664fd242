import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 46 item 9: the s77A annual statements given (docs/decisions/073-annual-statement-s77a.md), one
 * row per loan and period, written in the same transaction as the statement's document and e-mail, so a
 * period's statement is given once however often the close of business runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('annual_statements'))
    .addColumn('application_id', 'integer', notNull)
    // 1 for the period beginning with the day the agreement was made, then 2, 3, ...
    .addColumn('period_seq', 'integer', notNull)
    .addColumn('period_start', 'varchar(10)', notNull)
    .addColumn('period_end', 'varchar(10)', notNull)
    // The business date it was given on (within 30 days of period_end, s77A(1E)).
    .addColumn('given_on', 'varchar(10)', notNull)
    // The customer document holding the statement's PDF.
    .addColumn('document_id', 'integer')
    // Who gave it (an Actor): 'system:close-of-business'.
    .addColumn('actor', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addUniqueConstraint('annual_statements_loan_period', ['application_id', 'period_seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('annual_statements').execute();
}
