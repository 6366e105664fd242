import type { Kysely } from 'kysely';
import { notNull } from './column-helpers';

/**
 * Issue 44 (docs/decisions/043-close-of-business-steps-and-loan-locks.md): the close of business locks the loans it is closing, a batch
 * (a range of loan ids) at a time, instead of the whole book for the whole run. A card payment, a
 * reschedule or a withdrawal waits for its own loan's batch only. One row per job (the job's own lock in
 * `job_locks` keeps it to one run at a time), moved on page by page and deleted at the end of the run;
 * a killed run's row lapses at `expires_at`, or at once when its process on this machine is gone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loan_batch_locks')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', notNull)
    .addColumn('first_application_id', 'integer', notNull)
    .addColumn('last_application_id', 'integer', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loan_batch_locks').execute();
}
