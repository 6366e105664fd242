import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, DbExecutor } from '../db/create-db';
import { nowIso, plusSeconds } from './clock';
import { holderIsGone } from './job-lock';

/**
 * The loans a job is working on now, as a range of loan ids held in the database (Apache Fineract's COB
 * locks its loans the same way, a chunk at a time): work on one loan that must not overlap the job (a
 * card payment, a reschedule, a withdrawal) waits for its own loan's batch only, never for the whole run.
 * One batch per job name at a time (the job's `jobLock` keeps it to one run); `holder` is that job
 * lock's, so a batch whose process on this machine has died is nobody's at once, and any other lapses
 * `ttlSeconds` after its last move.
 */
export function loanBatchLock(db: Db, name: string, holder: string, ttlSeconds = 300) {
  return {
    /** Moves the batch to loans `first` to `last` (a killed run's batch under the same name is replaced). */
    async hold(first: number, last: number): Promise<void> {
      const row = {
        holder,
        first_application_id: first,
        last_application_id: last,
        expires_at: plusSeconds(ttlSeconds),
      };
      await db
        .insertInto('loan_batch_locks')
        .values({ name, ...row })
        .onConflict((oc) => oc.column('name').doUpdateSet(row))
        .execute();
    },
    async release(): Promise<void> {
      await db.deleteFrom('loan_batch_locks').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}

/** Whether a live batch holds the loan now. */
async function heldNow(db: DbExecutor, applicationId: number): Promise<boolean> {
  const batches = await db
    .selectFrom('loan_batch_locks')
    .select('holder')
    .where('first_application_id', '<=', applicationId)
    .where('last_application_id', '>=', applicationId)
    .where('expires_at', '>', nowIso())
    .execute();
  return batches.some((b) => !holderIsGone(b.holder));
}

/** How often a waiting request looks again: a batch of 500 loans takes a fraction of a second. */
const POLL_MS = 50;

/**
 * Waits, at most `maxWaitMs`, until no job's batch holds the loan: 'free' when none held it, 'waited' when
 * one did and let it go (a book read before is stale: read it again), 'held' when one still held it at
 * the end of the wait.
 */
export async function waitForLoan(
  db: DbExecutor,
  applicationId: number,
  maxWaitMs: number,
): Promise<'free' | 'waited' | 'held'> {
  const deadline = Date.now() + maxWaitMs;
  let waited = false;
  while (await heldNow(db, applicationId)) {
    const left = deadline - Date.now();
    if (left <= 0) return 'held';
    waited = true;
    await sleep(Math.min(POLL_MS, left));
  }
  return waited ? 'waited' : 'free';
}
