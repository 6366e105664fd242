import type { Config } from './config';
import type { Db, DbKind } from './db/create-db';
import type { Outbox } from './lib/outbox';

/** What every feature needs, built once at start-up and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  outbox: Outbox;
};
