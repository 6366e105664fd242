import type { Kysely } from 'kysely';
import { notNull, withId } from './column-helpers';

/**
 * Issue 30 (docs/decisions/032): what several API processes on one database must agree on.
 *
 * `limit_events` is the sliding log of every rate limit (lib/rate-limiter.ts), in place of each process's
 * memory: one row per counted event, under its limit's scope and the keyed hash of its key (a caller's
 * address, an e-mail address or a mobile number are personal data: never stored in clear). Each row
 * carries the instant it leaves its window, so counting, Retry-After and the sweep of old rows need no
 * knowledge of which limit wrote it.
 *
 * `outbox.claimed_until` / `claimed_by`: a delivery round claims the rows it is about to send, so a
 * second process's round skips them; a claim lapses by itself (a process killed mid-send).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('limit_events'))
    .addColumn('scope', 'varchar(40)', notNull)
    .addColumn('key_hash', 'varchar(64)', notNull)
    /** Epoch milliseconds at which the event leaves its limit's window. */
    .addColumn('expires_at_ms', 'bigint', notNull)
    .execute();
  // A hit counts one key's live events: scope, key, then the range of expiry.
  await db.schema
    .createIndex('limit_events_key_ix')
    .on('limit_events')
    .columns(['scope', 'key_hash', 'expires_at_ms'])
    .execute();
  // The sweep of expired events of keys nobody hits again.
  await db.schema.createIndex('limit_events_expiry_ix').on('limit_events').column('expires_at_ms').execute();

  await db.schema.alterTable('outbox').addColumn('claimed_until', 'varchar(30)').execute();
  await db.schema.alterTable('outbox').addColumn('claimed_by', 'varchar(100)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claimed_by').execute();
  await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
  await db.schema.dropTable('limit_events').execute();
}
