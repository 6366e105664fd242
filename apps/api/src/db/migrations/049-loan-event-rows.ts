import { sql, type Kysely } from 'kysely';

/**
 * A close-of-business page derives its loans' credit-reporting events (issue 47) from their ledger rows
 * that are events (an advance, a payment, a write-off), not the daily interest rows, which are most of
 * the ledger. Asked by the day, PostgreSQL took the date index (statistics from before the day's
 * postings say the day has no rows) and read every row of the day for every page: a due day's cost grew
 * with the square of the book. Asked by loan without the day, it read all of the page's rows, a month of
 * interest each. This partial index holds the event rows alone, by loan (same statement on both databases;
 * the types are those of `EVENT_ROWS` in loan-events.ts, whose query names them the same way).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index loan_transactions_event_rows_idx on loan_transactions (application_id, on_date)
    where type in ('advance', 'instalment', 'card-payment', 'bank-transfer', 'write-off')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_transactions_event_rows_idx').execute();
}
