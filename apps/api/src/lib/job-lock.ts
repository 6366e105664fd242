import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/create-db';
import { nowIso, plusSeconds } from './clock';

/** Whether a process of this machine is still running (signal 0 only asks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `host:pid:uuid`: who holds a lock, and how to tell whether they are gone. */
const holderOf = (holder: string) => {
  const [host, pid] = holder.split(':');
  return { host, pid: Number(pid) };
};

/** Whether a holder is a process of this machine that has died (another machine's is not judged from here). */
export function holderIsGone(holder: string): boolean {
  const { host, pid } = holderOf(holder);
  return host === os.hostname() && !isAlive(pid);
}

/**
 * A lock held in the database, so that of many API processes (and staff running the same job by hand)
 * one runs a job at a time. It lapses by itself `ttlSeconds` after its last renewal; a holder on this
 * machine whose process has died (killed mid-job) is taken over at once rather than after the lapse.
 */
export function jobLock(db: Db, name: string, ttlSeconds = 300) {
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;

  /** Takes the lock, or renews it for its holder; false while another live holder has it. */
  async function take(): Promise<boolean> {
    const now = nowIso();
    const expires_at = plusSeconds(ttlSeconds);
    await db
      .insertInto('job_locks')
      .values({ name, holder, expires_at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const current = await db.selectFrom('job_locks').selectAll().where('name', '=', name).executeTakeFirst();
    const deadHere = current !== undefined && current.holder !== holder && holderIsGone(current.holder);
    const taken = await db
      .updateTable('job_locks')
      .set({ holder, expires_at })
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb('holder', '=', holder),
          eb('expires_at', '<', now),
          ...(deadHere ? [eb('holder', '=', current!.holder)] : []),
        ]),
      )
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  return {
    /** This lock's holder (`host:pid:uuid`), for the locks taken under it (loan-batch-lock.ts). */
    holder,
    take,
    /** Extends a lock this holder has; false if it was lost (it lapsed and another took it). */
    renew: take,
    /** Who holds it and until when, for the message that says why a run was refused. */
    heldBy: () =>
      db.selectFrom('job_locks').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst(),
    /** Whether anyone holds it now (a lapsed lock is nobody's): work that must not overlap the job waits. */
    async isHeld(): Promise<boolean> {
      const held = await db
        .selectFrom('job_locks')
        .select('expires_at')
        .where('name', '=', name)
        .executeTakeFirst();
      return held !== undefined && held.expires_at > new Date().toISOString();
    },
    async release(): Promise<void> {
      await db.deleteFrom('job_locks').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
