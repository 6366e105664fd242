import cluster from 'node:cluster';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import { runPrimary } from './cluster-primary';
import { loadConfig, type Config } from './config';
import { createContext } from './start';
import { closeIfDue } from './features/close-of-business/daily-run';
import { expireLapsedLeads } from './features/lead-provider/lead-expiry';

const OUTBOX_INTERVAL_MS = 5_000;
/** Signed applications the moment after signature missed (a restart) are decided within this. */
const UNDERWRITING_INTERVAL_MS = 15_000;
const COB_CHECK_INTERVAL_MS = 60_000;
/** Lapsed landing links are ended within this (docs/decisions/030). */
const LEAD_EXPIRY_INTERVAL_MS = 5 * 60_000;
/** How long a stop waits for the jobs' rounds in flight before it closes the database. */
const SHUTDOWN_ROUNDS_WAIT_MS = 5_000;

/**
 * One API process: the app on HOST:PORT and the periodic jobs. It is the whole server with
 * WEB_CONCURRENCY=1, and each worker of a cluster otherwise. Every process runs every job: the database
 * makes them safe side by side (outbox rows claimed, job locks, conditional status moves: decision 032),
 * so no process is special and any one may die.
 */
async function serve(config: Config) {
  // A worker's primary migrated before forking it (cluster-primary.ts).
  const ctx = await createContext(config, { migrate: !cluster.isWorker });
  const app = await buildApp(ctx);
  await app.listen({ host: ctx.config.HOST, port: ctx.config.PORT });

  // Rounds of the periodic jobs still running: shutdown lets them finish (a little while at most) before
  // the database closes under them, which a crash test once saw as an outbox round's 'driver destroyed'.
  const inFlight = new Set<Promise<void>>();
  const every = (ms: number, round: () => Promise<unknown>, failed: string) => {
    const interval = setInterval(() => {
      const running: Promise<void> = round()
        .then(
          () => undefined,
          (err: unknown) => app.log.error({ err }, failed),
        )
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }, ms);
    interval.unref();
    return interval;
  };
  const { servicing } = app;
  const intervals = [
    every(OUTBOX_INTERVAL_MS, () => ctx.outbox.deliverPending(), 'outbox delivery round failed'),
    every(UNDERWRITING_INTERVAL_MS, () => servicing.underwriting.run(), 'underwriting round failed'),
    every(UNDERWRITING_INTERVAL_MS, () => servicing.followRefunds(), 'refund payouts round failed'),
    every(
      COB_CHECK_INTERVAL_MS,
      () => closeIfDue(servicing.closeOfBusiness, ctx.businessDate.today, ctx.config.COB_TIME),
      'close of business failed; the next check starts it again',
    ),
    every(LEAD_EXPIRY_INTERVAL_MS, () => expireLapsedLeads(ctx), 'ending lapsed leads failed'),
  ];

  let stopping = false;
  const shutdown = async (signal: string) => {
    // A terminal's Ctrl-C reaches a worker twice: its own SIGINT, and the SIGTERM its primary passes on.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    for (const interval of intervals) clearInterval(interval);
    await app.close();
    // A round cut off later is safe (each job finishes on its next run); 5 s keeps a stop prompt.
    await Promise.race([Promise.allSettled([...inFlight]), delay(SHUTDOWN_ROUNDS_WAIT_MS)]);
    await ctx.db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone (killed) gets no more connections; it must not run its jobs on alone.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));
}

async function main() {
  const config = loadConfig();
  // WEB_CONCURRENCY=1 stays one process, without a primary in front (no dispatch cost, one pid to signal).
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) await runPrimary(config);
  else await serve(config);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
