import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/create-db';
import { nowIso, plusSeconds } from './clock';

/**
 * A lock held in the database, so that of many API processes (and staff running the same job by hand)
 * one runs a job at a time. It lapses by itself `ttlSeconds` after its last renewal: a holder killed
 * mid-job does not keep it for ever.
 */
export function jobLock(db: Db, name: string, ttlSeconds = 300) {
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;

  /** Takes the lock, or renews it for its holder; false while another holder's lock is live. */
  async function take(): Promise<boolean> {
    const now = nowIso();
    const expires_at = plusSeconds(ttlSeconds);
    await db
      .insertInto('job_locks')
      .values({ name, holder, expires_at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await db
      .updateTable('job_locks')
      .set({ holder, expires_at })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  return {
    take,
    /** Extends a lock this holder has; false if it was lost (it lapsed and another took it). */
    renew: take,
    async release(): Promise<void> {
      await db.deleteFrom('job_locks').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
