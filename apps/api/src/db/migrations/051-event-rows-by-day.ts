import { sql, type Kysely } from 'kysely';

/**
 * The day's part of the credit reporting (issue 47) asks for the day's event rows (an advance, a payment,
 * a write-off) by date, and nothing else asks loan_transactions by date. Its index of (on_date, type)
 * held every ledger row: each day's interest row of every loan (100,000 a day at 100,000 loans) was one
 * more index entry written, for a query that never reads interest. A partial index holds the event rows
 * alone, by day (same statement on both databases; the types are `EVENT_ROWS` of loan-events.ts, whose
 * query names them as literals, so a prepared statement's plan can use it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_transactions_on_date_idx').execute();
  await sql`create index loan_transactions_event_days_idx on loan_transactions (on_date)
    where type in ('advance', 'instalment', 'card-payment', 'bank-transfer', 'write-off')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_transactions_event_days_idx').execute();
  await db.schema
    .createIndex('loan_transactions_on_date_idx')
    .on('loan_transactions')
    .columns(['on_date', 'type'])
    .execute();
}
