import type { Kysely } from 'kysely';

/**
 * Each column takes the name its concept has in the domain and the pricing engine (snake_case), so a
 * value is not renamed on its way from the route's mapper to the database: the number of instalments is
 * `period` (it was `duration`), and an accepted quote's figures are named as the engine names them.
 */
const RENAMES: [from: string, to: string][] = [
  ['duration', 'period'],
  ['quote_total_pence', 'quote_total_repayable_pence'],
  ['quote_apr', 'quote_apr_percent'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMES) {
    await db.schema.alterTable('applications').renameColumn(from, to).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMES) {
    await db.schema.alterTable('applications').renameColumn(to, from).execute();
  }
}
