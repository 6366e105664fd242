import type { Kysely } from 'kysely';

/**
 * Issue 31 (docs/decisions/037): the home question's answers as people give them. Ids are what stored
 * answers (customers, application_affordability) mean, so none changes meaning: the two tenancies (3
 * private, 4 council or housing association) are retired, not merged, and one new answer, 7 'rent',
 * takes their place; the others keep their ids with plainer names. A retired entry stays in the table
 * with its name, so an old answer can still be read, but is no longer offered or accepted.
 */
const RENAMED: [id: number, name: string, old: string][] = [
  [1, 'Yes, I own it with a mortgage', 'Homeowner with a mortgage'],
  [2, 'Yes, I own it outright', 'Homeowner without a mortgage'],
  [5, 'No, I live with family', 'Living with parents or family'],
  [6, 'No, something else', 'Other'],
];
const RENT = { id: 7, name: 'No, I rent it' };
const RETIRED = [3, 4];
/** Display order after the migration: mortgage, outright, rent, family, other. */
const ORDER: [id: number, sortOrder: number][] = [
  [1, 1],
  [2, 2],
  [7, 3],
  [5, 4],
  [6, 5],
];
const DICTIONARY = 'residentalStatus';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dictionary_entries')
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const entries = db.updateTable('dictionary_entries').where('dictionary', '=', DICTIONARY);
  for (const [id, name] of RENAMED) await entries.set({ name }).where('id', '=', id).execute();
  await entries.set({ retired: 1 }).where('id', 'in', RETIRED).execute();
  await db
    .insertInto('dictionary_entries')
    .values({ dictionary: DICTIONARY, ...RENT, sort_order: 3, in_small: 0, fixes_date: 0, retired: 0 })
    .execute();
  for (const [id, sortOrder] of ORDER) {
    await entries.set({ sort_order: sortOrder }).where('id', '=', id).execute();
  }
}

/**
 * Back to six answers. An answer given as 7 since has no older id that means it (a tenancy, of either
 * kind): it is stored as 3, the nearest, as the old list offered 'Private tenant' first.
 */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['customers', 'application_affordability']) {
    await db
      .updateTable(table)
      .set({ residential_status_id: 3 })
      .where('residential_status_id', '=', RENT.id)
      .execute();
  }
  const entries = db.updateTable('dictionary_entries').where('dictionary', '=', DICTIONARY);
  await db
    .deleteFrom('dictionary_entries')
    .where('dictionary', '=', DICTIONARY)
    .where('id', '=', RENT.id)
    .execute();
  for (const [id, , old] of RENAMED) await entries.set({ name: old }).where('id', '=', id).execute();
  for (const id of [1, 2, 3, 4, 5, 6]) await entries.set({ sort_order: id }).where('id', '=', id).execute();
  await db.schema.alterTable('dictionary_entries').dropColumn('retired').execute();
}
