import type { Kysely } from 'kysely';

/**
 * Issue 46 item 2: the default notice states the sum that remedies the breach (s88(1)(b), s89), and the
 * breach is remedied when that sum is paid by the remedy date, whatever else falls due meanwhile. The
 * sum is kept as the notice stated it, in pence, when the notice is given. Notices given before have
 * none (null): the close of business then works it out from the ledger on the notice's day, and
 * `npm run ops -- defaults review` lists the defaults the rule would not have made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loans').addColumn('remedy_sum_pence', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loans').dropColumn('remedy_sum_pence').execute();
}
