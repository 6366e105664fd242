import type { Kysely } from 'kysely';

/**
 * The staff invitation code (docs/decisions/071-staff-invitation-code.md): an invitation gains the keyed
 * hash of its code (HMAC-SHA-256 with a key of its own from DATA_KEY; the code itself is shown once to
 * the inviting admin and never stored or e-mailed), the count of wrong codes, and when 5 of them made it
 * void. An invitation still open from before has no code: the link alone enrolled with it, which is the
 * finding this closes, so it is withdrawn here (the admin invites the member again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_invitations').addColumn('code_hash', 'varchar(64)').execute();
  await db.schema
    .alterTable('staff_invitations')
    .addColumn('code_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_invitations').addColumn('voided_at', 'varchar(30)').execute();
  await db
    .updateTable('staff_invitations')
    .set({ used_at: new Date().toISOString() })
    .where('used_at', 'is', null)
    .where('code_hash', 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_invitations').dropColumn('voided_at').execute();
  await db.schema.alterTable('staff_invitations').dropColumn('code_failures').execute();
  await db.schema.alterTable('staff_invitations').dropColumn('code_hash').execute();
}
