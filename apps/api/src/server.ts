import { buildApp } from './app';
import { createContext } from './start';

const OUTBOX_INTERVAL_MS = 5_000;

async function main() {
  const ctx = await createContext();
  const app = await buildApp(ctx);
  await app.listen({ host: ctx.config.HOST, port: ctx.config.PORT });

  const timer = setInterval(() => {
    ctx.outbox.deliverPending().catch((err) => app.log.error({ err }, 'outbox delivery round failed'));
  }, OUTBOX_INTERVAL_MS);
  timer.unref();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
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
