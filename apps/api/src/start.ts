import pino from 'pino';
import type { AppContext } from './app-context';
import { loadConfig, type Config } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { DECISION_CHECKS } from './entities/applications/decision/pipeline';
import { businessDate } from './lib/business-date';
import { maintenanceSwitch } from './lib/maintenance-switch';
import { createOutbox } from './lib/outbox';
import { rateLimits } from './lib/rate-limiter';
import { securityEvents } from './lib/security-events';
import { createSessionStore } from './lib/sessions/session-store';

/**
 * Config, database (migrated) and services: what both the server and the ops command start from.
 * `migrate: false` for a cluster's workers, whose primary migrated once before forking them.
 */
export async function createContext(
  config: Config = loadConfig(),
  { migrate = true }: { migrate?: boolean } = {},
): Promise<AppContext> {
  const { db, kind } = await createDb(config.DATABASE_URL);
  if (migrate) await migrateToLatest(db);
  const log = pino({ level: config.LOG_LEVEL });
  const sessions = createSessionStore(db, config);
  const date = businessDate(db, { production: config.NODE_ENV === 'production' });
  await date.refresh(true);
  date.install();
  return {
    config,
    db,
    dbKind: kind,
    outbox: createOutbox(db, kind, config, log),
    sessions,
    maintenance: maintenanceSwitch(db, sessions, config.MAINTENANCE_MODE),
    security: securityEvents(db, log),
    limits: rateLimits(db, kind, config.DATA_KEY, log),
    businessDate: date,
    decisionChecks: DECISION_CHECKS,
  };
}
