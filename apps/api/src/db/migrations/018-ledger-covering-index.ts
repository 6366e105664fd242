import type { Kysely } from 'kysely';

/**
 * Issue 30 (bench/README.md, the borrow-area reads with 100,000 loans): every read of a loan's book (the
 * borrow area's GetBorrowingSummary and GetScheduleSummary, the close of business's pages of books) takes
 * the same columns of `loan_transactions` by loan, in id order. A loan's rows are written a day at a time
 * among every other loan's, so each of them sat on a heap page of its own: a loan with a month of interest
 * cost some 33 page reads a request. With the columns read in the index, PostgreSQL answers from the
 * index alone (an index-only scan: 2-5 pages) and SQLite never visits the table.
 *
 * It replaces the index on (application_id, id), of which it keeps the order: one index to maintain per
 * posting, as before. Every column is a key column (not PostgreSQL's INCLUDE) so that one definition runs
 * on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('loan_transactions_book_idx')
    .on('loan_transactions')
    .columns(['application_id', 'id', 'type', 'amount_pence', 'on_date', 'reverses_id'])
    .execute();
  await db.schema.dropIndex('loan_transactions_loan_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('loan_transactions_loan_idx')
    .on('loan_transactions')
    .columns(['application_id', 'id'])
    .execute();
  await db.schema.dropIndex('loan_transactions_book_idx').execute();
}
