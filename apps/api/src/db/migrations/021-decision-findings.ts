import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 44, one decision step (docs/decisions/042-one-decision-step.md): what each named check found
 * for an application, in the order the checks ran. A table beside application_decisions rather than a
 * column of it: one row per check can be counted by check and reason in SQL, and the decision record's
 * own row keeps its shape.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('decision_findings'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('check_name', 'varchar(50)', notNull)
    .addColumn('outcome', 'varchar(10)', notNull)
    .addColumn('reason_code', 'varchar(50)', notNull)
    /** JSON of figures and codes: never a person's details. */
    .addColumn('details', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('decision_findings_application_idx')
    .on('decision_findings')
    .columns(['application_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('decision_findings').execute();
}
