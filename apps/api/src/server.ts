import cluster from 'node:cluster';
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

  const timer = setInterval(() => {
    ctx.outbox.deliverPending().catch((err) => app.log.error({ err }, 'outbox delivery round failed'));
  }, OUTBOX_INTERVAL_MS);
  timer.unref();
  const { servicing } = app;
  const underwriting = setInterval(() => {
    servicing.underwriting.run().catch((err) => app.log.error({ err }, 'underwriting round failed'));
  }, UNDERWRITING_INTERVAL_MS);
  underwriting.unref();
  const cob = setInterval(() => {
    closeIfDue(servicing.closeOfBusiness, ctx.businessDate.today, ctx.config.COB_TIME).catch((err) =>
      app.log.error({ err }, 'close of business failed; the next check starts it again'),
    );
  }, COB_CHECK_INTERVAL_MS);
  cob.unref();
  const leads = setInterval(() => {
    expireLapsedLeads(ctx).catch((err) => app.log.error({ err }, 'ending lapsed leads failed'));
  }, LEAD_EXPIRY_INTERVAL_MS);
  leads.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    // A terminal's Ctrl-C reaches a worker twice: its own SIGINT, and the SIGTERM its primary passes on.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    clearInterval(underwriting);
    clearInterval(cob);
    clearInterval(leads);
    await app.close();
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
