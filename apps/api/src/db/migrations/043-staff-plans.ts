import type { Kysely } from 'kysely';

/**
 * Issue 48 item 5, a plan agreed by staff with a customer in arrears who cannot pay by card
 * (docs/decisions/069-staff-plans-forbearance.md). The plan is a forbearance version of the schedule as the
 * customer's own plans are; two facts about it: it is paid by other means, so the close of business's CPA
 * step charges nothing while it stands, and, for a pause, the last day of the pause.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('loan_schedules')
    .addColumn('without_card', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('loan_schedules').addColumn('pause_until', 'varchar(10)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_schedules').dropColumn('pause_until').execute();
  await db.schema.alterTable('loan_schedules').dropColumn('without_card').execute();
}
