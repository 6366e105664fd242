import pino from 'pino';
import type { AppContext } from './app-context';
import { loadConfig, type Config } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { createOutbox } from './lib/outbox';

/** Config, database (migrated) and services: what both the server and the ops command start from. */
export async function createContext(config: Config = loadConfig()): Promise<AppContext> {
  const { db, kind } = await createDb(config.DATABASE_URL);
  await migrateToLatest(db);
  const log = pino({ level: config.LOG_LEVEL });
  return { config, db, dbKind: kind, outbox: createOutbox(db, config, log) };
}
