import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PostgresAdapter, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './create-db';

/** A migration's file: three digits, a dash, a kebab-case name (`020-staff-principals.ts`). */
const MIGRATION_FILE = /^\d{3}-[a-z0-9][a-z0-9-]*\.ts$/;
/** Files beside the migrations that are not migrations: their tests and the helpers they share. */
const NOT_A_MIGRATION = /\.test\.ts$|^column-helpers\.ts$/;

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * The migration files of a folder in the order they run (by their number). Found by the folder, not listed
 * by hand, so branches adding migrations side by side do not meet in one file; a file that is neither a
 * migration nor a known helper, or two migrations with one number, stop the start-up rather than being
 * skipped or run in a surprising order. Every run mode (tsx, vitest, `npm start`) loads the `.ts` files.
 */
export async function migrationFiles(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !NOT_A_MIGRATION.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const refused = names.filter((name) => !MIGRATION_FILE.test(name));
  if (refused.length > 0) {
    throw new Error(`Not a migration file name (NNN-kebab-name.ts): ${refused.join(', ')} in ${dir}`);
  }
  const numbers = names.map((name) => name.slice(0, 3));
  const twice = numbers.filter((n, i) => numbers.indexOf(n) !== i);
  if (twice.length > 0) throw new Error(`Two migrations numbered ${twice.join(', ')} in ${dir}`);
  return names;
}

/** Every migration in order, by name without `.ts`; they take Kysely<any> and run on SQLite and PostgreSQL alike. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const file of await migrationFiles(dir)) {
    const migration = (await import(pathToFileURL(join(dir, file)).href)) as Partial<Migration>;
    if (typeof migration.up !== 'function') throw new Error(`Migration ${file} has no up function`);
    migrations[file.slice(0, -'.ts'.length)] = migration as Migration;
  }
  return migrations;
}

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
    provider: { getMigrations: () => loadMigrations() },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
