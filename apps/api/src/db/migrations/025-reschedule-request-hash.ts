import type { Kysely } from 'kysely';

/**
 * Issue 45 item 4: a reschedule keeps what its request asked beside its idempotency key, as a card
 * payment does, so the key sent again with another plan is refused (errorID 243) instead of answered as
 * the first plan. Plans stored before have no hash (null): their key is answered as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_schedules').addColumn('request_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_schedules').dropColumn('request_hash').execute();
}
