import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './create-db';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-seed-dictionaries';

/** Every migration in order; they take Kysely<any> and run on SQLite and PostgreSQL alike. */
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-seed-dictionaries': m002,
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
