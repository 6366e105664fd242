import type { Config } from './config';
import type { Db, DbKind } from './db/create-db';
import type { DecisionCheck } from './entities/applications/decision/decision-check';
import type { BusinessDate } from './lib/business-date';
import type { MaintenanceSwitch } from './lib/maintenance-switch';
import type { Outbox } from './lib/outbox';
import type { RateLimits } from './lib/rate-limiter';
import type { SecurityEvents } from './lib/security-events';
import type { SessionStore } from './lib/sessions/session-store';

/** What every feature needs, built once at start-up and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  outbox: Outbox;
  sessions: SessionStore;
  maintenance: MaintenanceSwitch;
  security: SecurityEvents;
  /** Every rate limit, counted in the database so that all API processes share it (docs/decisions/032). */
  limits: RateLimits;
  /** The date every rule that says 'today' reads (docs/decisions/021). */
  businessDate: BusinessDate;
  /** The decision step's checks in order (pipeline.ts); a test may add one. */
  decisionChecks: readonly DecisionCheck[];
};
