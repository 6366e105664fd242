import type { Kysely } from 'kysely';

/**
 * Issue 48 item 4: staff download a customer's documents through their own single-use links. A link made
 * for a member of staff names them: only their session may use it, and the customer's own download
 * (Document/DownloadDocument, public by its guid) never accepts it. Null: the customer's link, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_links').addColumn('staff_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_links').dropColumn('staff_id').execute();
}
