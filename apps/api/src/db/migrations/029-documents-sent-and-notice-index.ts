import type { Kysely } from 'kysely';

/**
 * Issue 46 items 4 and 8. The 30 days a customer who asked for documents in their Reply Form has before
 * a claim count from when we send them (Pre-Action Protocol for Debt Claims): the day staff sent them is
 * kept beside the reply (null until then). And the close of business now reads each loan's last notice
 * of sums in arrears every day it is in arrears (s86B repeats): the notices are found by loan and kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pre_claim_replies').addColumn('documents_sent_on', 'varchar(10)').execute();
  await db.schema
    .createIndex('loan_notices_application_kind_idx')
    .on('loan_notices')
    .columns(['application_id', 'kind', 'on_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_notices_application_kind_idx').execute();
  await db.schema.alterTable('pre_claim_replies').dropColumn('documents_sent_on').execute();
}
