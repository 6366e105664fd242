import { buildApp } from './app';
import { createContext } from './start';
import { closeIfDue } from './features/close-of-business/daily-run';
import { expireLapsedLeads } from './features/lead-provider/lead-expiry';

const OUTBOX_INTERVAL_MS = 5_000;
/** Signed applications the moment after signature missed (a restart) are decided within this. */
const UNDERWRITING_INTERVAL_MS = 15_000;
const COB_CHECK_INTERVAL_MS = 60_000;
/** Lapsed landing links are ended within this (docs/decisions/030). */
const LEAD_EXPIRY_INTERVAL_MS = 5 * 60_000;

async function main() {
  const ctx = await createContext();
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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    clearInterval(underwriting);
    clearInterval(cob);
    clearInterval(leads);
    await app.close();
    await ctx.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
