import { PostgresAdapter, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './create-db';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-seed-dictionaries';
import * as m003 from './migrations/003-one-name-per-concept';
import * as m004 from './migrations/004-outbox-sealed-secrets';
import * as m005 from './migrations/005-card-provider-sandbox';
import * as m006 from './migrations/006-application-stages';
import * as m007 from './migrations/007-esign';
import * as m008 from './migrations/008-accounts';
import * as m009 from './migrations/009-closed-by-default';
import * as m010 from './migrations/010-live-loan';
import * as m011 from './migrations/011-payout-provider-sandbox';
import * as m012 from './migrations/012-loan-payments';
import * as m013 from './migrations/013-loan-withdrawal-and-breathing-space';
import * as m014 from './migrations/014-repeat-loans';
import * as m015 from './migrations/015-documents-and-pre-claim';
import * as m016 from './migrations/016-partner-leads';
import * as m017 from './migrations/017-shared-limits';
import * as m018 from './migrations/018-borrow-area-read-indexes';
import * as m019 from './migrations/019-home-question-answers';
import * as m023 from './migrations/023-lead-landing-proof';

/** Every migration in order; they take Kysely<any> and run on SQLite and PostgreSQL alike. */
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-seed-dictionaries': m002,
  '003-one-name-per-concept': m003,
  '004-outbox-sealed-secrets': m004,
  '005-card-provider-sandbox': m005,
  '006-application-stages': m006,
  '007-esign': m007,
  '008-accounts': m008,
  '009-closed-by-default': m009,
  '010-live-loan': m010,
  '011-payout-provider-sandbox': m011,
  '012-loan-payments': m012,
  '013-loan-withdrawal-and-breathing-space': m013,
  '014-repeat-loans': m014,
  '015-documents-and-pre-claim': m015,
  '016-partner-leads': m016,
  '017-shared-limits': m017,
  '018-borrow-area-read-indexes': m018,
  '019-home-question-answers': m019,
  '023-lead-landing-proof': m023,
};

/**
 * The schema the connection works in (PostgreSQL). Kysely's migrator looks for its own tables in every
 * schema unless told which one, so a second schema in the same database (one per test file, or a
 * `?schema=` deployment next to another) would find the first one's tables and fail.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
