import { sql, type Kysely } from 'kysely';

/**
 * The credit-reporting outbox (issue 47) is found by what waits (`pending`: the sending's queue) and by
 * what the agency refused (`rejected`: `ops cra rejections`), never by what it received. Its index of
 * (state, id) held every record ever sent, one more entry written for each of them (100,000 on a due
 * day) and walked past by the queue. Two partial indexes hold only the records waiting and those refused;
 * a record a close-of-business page sends and then stores as sent enters neither (docs/decisions/059).
 * The queries name the states as written here (`sql.lit`), so a prepared statement's plan can use them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credit_reporting_outbox_state_idx').execute();
  await sql`create index credit_reporting_outbox_pending_idx on credit_reporting_outbox (id)
    where state = 'pending'`.execute(db);
  await sql`create index credit_reporting_outbox_rejected_idx on credit_reporting_outbox (id)
    where state = 'rejected'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credit_reporting_outbox_rejected_idx').execute();
  await db.schema.dropIndex('credit_reporting_outbox_pending_idx').execute();
  await db.schema
    .createIndex('credit_reporting_outbox_state_idx')
    .on('credit_reporting_outbox')
    .columns(['state', 'id'])
    .execute();
}
