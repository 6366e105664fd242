import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { Config } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';

/** A worker that served this long before dying was healthy: its next restart starts the back-off again. */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers finish their requests and close their pools within this on SIGTERM; then they are killed. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

/** The delay before the next start of a slot whose workers died `quickDeaths` times in a row young. */
export const restartDelayMs = (quickDeaths: number) =>
  Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, quickDeaths - 1));

type Slot = { worker: Worker | null; startedAt: number; quickDeaths: number; timer?: NodeJS.Timeout };

/**
 * WEB_CONCURRENCY > 1 (docs/decisions/033): this process serves nothing itself. It migrates the database
 * once, forks the workers (each runs server.ts's `serve`, sharing PORT through node:cluster), starts a
 * worker again when one dies (after a growing delay, so a worker that cannot start does not spin), and
 * on SIGTERM or SIGINT passes SIGTERM to every worker and exits once they have shut down.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL }).child({ role: 'primary' });

  // Once, before any worker: N workers migrating at once would race (SQLite has no migration lock).
  const { db } = await createDb(config.DATABASE_URL);
  try {
    const applied = await migrateToLatest(db);
    log.info({ applied }, 'database migrated');
  } finally {
    await db.destroy();
  }

  const slots: Slot[] = Array.from({ length: config.WEB_CONCURRENCY }, () => ({
    worker: null,
    startedAt: 0,
    quickDeaths: 0,
  }));
  const listened = new WeakSet<Worker>();
  let everyoneListened = false;
  let stopping = false;

  const start = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    slot.worker = cluster.fork();
  };

  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping the workers');
    const running: Worker[] = [];
    for (const slot of slots) {
      clearTimeout(slot.timer);
      if (slot.worker && !slot.worker.isDead()) running.push(slot.worker);
    }
    const exits = running.map(
      (w) =>
        new Promise<number>((resolve) => {
          w.once('exit', (code) => resolve(code ?? 1));
          // Its own handler shuts it down gracefully (server.ts), as a single process would.
          w.process.kill('SIGTERM');
        }),
    );
    const deadline = setTimeout(() => {
      log.error('workers still running after the shutdown timeout: killed');
      for (const w of running) if (!w.isDead()) w.process.kill('SIGKILL');
    }, SHUTDOWN_TIMEOUT_MS);
    const codes = await Promise.all(exits);
    clearTimeout(deadline);
    process.exit(exitCode !== 0 ? exitCode : codes.every((c) => c === 0) ? 0 : 1);
  };

  cluster.on('listening', (worker) => {
    log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker listening');
    listened.add(worker);
    everyoneListened ||= slots.every((s) => s.worker !== null && listened.has(s.worker));
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.find((s) => s.worker === worker);
    if (!slot || stopping) return;
    slot.worker = null;
    // A worker of the first start that never listened: the setting or the database is wrong, as a
    // single process would have found; starting it again would only repeat the failure.
    if (!everyoneListened && !listened.has(worker)) {
      log.fatal({ workerPid: worker.process.pid, code, signal }, 'a worker failed to start');
      void stop('a worker failed to start', 1);
      return;
    }
    const lived = Date.now() - slot.startedAt;
    slot.quickDeaths = lived >= STABLE_AFTER_MS ? 1 : slot.quickDeaths + 1;
    const delay = restartDelayMs(slot.quickDeaths);
    log.error(
      { workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
      'worker died',
    );
    slot.timer = setTimeout(() => start(slot), delay);
  });

  process.once('SIGINT', () => void stop('SIGINT', 0));
  process.once('SIGTERM', () => void stop('SIGTERM', 0));

  log.info({ workers: slots.length, port: config.PORT }, 'starting workers');
  for (const slot of slots) start(slot);
}
