import { sql, type Kysely } from 'kysely';

/**
 * The close of business's credit reporting step (issue 47) asks which of the day's payments were
 * reversed: `reverses_id in (...)` over the ledger. Without an index each chunk of 500 ids read the whole
 * of loan_transactions (some 3 million rows a month at 100,000 loans), 200 times on a due day. Only
 * reversal rows have a `reverses_id`: a partial index holds those alone (same statement on both databases).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index loan_transactions_reverses_idx on loan_transactions (reverses_id) where reverses_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_transactions_reverses_idx').execute();
}
