import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrationFiles } from './migrate';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

describe('migrations found by their folder', () => {
  let scratch: string | undefined;
  afterEach(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    scratch = undefined;
  });
  const folderWith = async (...names: string[]) => {
    scratch = await mkdtemp(join(tmpdir(), 'migrations-'));
    for (const name of names) {
      await writeFile(join(scratch, name), 'export async function up() {}\n');
    }
    return scratch;
  };

  it('are every migration file of the folder, in the order of their numbers', async () => {
    const inFolder = (await readdir(MIGRATIONS_DIR))
      .filter((name) => /^\d{3}-.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
      .sort();
    const found = await migrationFiles();
    expect(found).toEqual(inFolder);
    expect(found[0]).toBe('001-initial.ts');
    expect(found).toContain('019-home-question-answers.ts');
    const loaded = await loadMigrations();
    expect(Object.keys(loaded)).toEqual(found.map((name) => name.replace(/\.ts$/, '')));
  });

  it('picks up a new migration with no edit, in its place, and leaves tests and helpers out', async () => {
    const dir = await folderWith('002-b.ts', '010-c.ts', '001-a.ts', '001-a.test.ts', 'column-helpers.ts');
    expect(await migrationFiles(dir)).toEqual(['001-a.ts', '002-b.ts', '010-c.ts']);
    expect(Object.keys(await loadMigrations(dir))).toEqual(['001-a', '002-b', '010-c']);
  });

  it.each(['20-short-number.ts', '020_underscore.ts', '020-Capitals.ts', 'helpers.ts', '020-no-extension'])(
    'refuses a file not named NNN-name.ts (%s)',
    async (name) => {
      const dir = await folderWith('001-a.ts', name);
      await expect(migrationFiles(dir)).rejects.toThrow(
        `Not a migration file name (NNN-kebab-name.ts): ${name}`,
      );
    },
  );

  it('refuses two migrations with one number (two branches taking the same one)', async () => {
    const dir = await folderWith('001-a.ts', '020-mine.ts', '020-theirs.ts');
    await expect(migrationFiles(dir)).rejects.toThrow('Two migrations numbered 020');
  });
});
