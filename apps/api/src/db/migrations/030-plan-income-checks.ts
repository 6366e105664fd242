import type { Kysely } from 'kysely';

/**
 * Issue 46 item 6: a refinance is agreed only after the FCA's information sheet was shown (CONC 6.7.20R)
 * and the customer's monthly income and outgoings were taken and the plan found affordable against them.
 * The figures (amounts only, no bank or card data) are kept beside the plan they were taken for, with the
 * sheet shown, for a person to review; so are the figures of a blocked loan's forbearance plan paid by
 * other means (item 7). One row per plan (application, version).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plan_income_checks')
    .addColumn('application_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // Null: a forbearance plan paid by other means (item 7), which needs no refinance sheet.
    .addColumn('information_sheet', 'varchar(64)')
    .addColumn('monthly_income_pence', 'integer', (c) => c.notNull())
    .addColumn('housing_pence', 'integer', (c) => c.notNull())
    .addColumn('bills_pence', 'integer', (c) => c.notNull())
    .addColumn('credit_pence', 'integer', (c) => c.notNull())
    .addColumn('living_pence', 'integer', (c) => c.notNull())
    .addColumn('other_pence', 'integer', (c) => c.notNull())
    .addColumn('disposable_pence', 'integer', (c) => c.notNull())
    .addColumn('plan_month_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_income_checks_pk', ['application_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_income_checks').execute();
}
