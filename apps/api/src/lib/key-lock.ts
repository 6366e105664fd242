import { PostgresAdapter, sql } from 'kysely';
import type { DbExecutor } from '../db/create-db';

/**
 * Serialises, across every process on the database, the transactions that name the same `key`, until
 * the caller's transaction ends: a check-then-write (reset e-mails per hour, a resend's cooldown) made under it
 * cannot be interleaved with another one's. PostgreSQL: a transaction-scoped advisory lock on a 64-bit
 * hash of the key (two keys sharing a hash only wait for each other). SQLite: nothing to take, as every
 * transaction there already holds the database's one write lock from its start (db/create-db.ts).
 * Must run inside a transaction: outside one, PostgreSQL would release it at once.
 */
export async function lockKeyUntilCommit(trx: DbExecutor, key: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
