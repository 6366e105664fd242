import type { Kysely } from 'kysely';

/**
 * The outbox keeps a message's one-time tokens (a set-password link's) apart from its text, sealed with
 * DATA_KEY, and only until the message is delivered: the stored text and html hold a placeholder.
 * Messages delivered before this migration still hold their set-password link; it is removed from them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('sealed_secrets', 'text').execute();

  const link = /\/reset-password\/[\w-]+/g;
  const scrub = (s: string | null) => s?.replace(link, '/reset-password/[one-time token 1]') ?? null;
  const delivered: { id: number; text: string; html: string | null }[] = await db
    .selectFrom('outbox')
    .select(['id', 'text', 'html'])
    .where('sent_at', 'is not', null)
    .where('text', 'like', '%/reset-password/%')
    .execute();
  for (const row of delivered) {
    await db
      .updateTable('outbox')
      .set({ text: scrub(row.text), html: scrub(row.html) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('sealed_secrets').execute();
}
