import type { Db } from '../db/create-db';

export type StoredEntry = { id: number; name: string; inSmall: boolean; fixesDate: boolean };
export type StoredDictionaries = Map<string, StoredEntry[]>;

/**
 * All dictionaries' offered entries, in display order; a retired entry (migration 019) is neither offered
 * nor accepted. Read once at start-up: they change only with a migration.
 */
export async function loadDictionaries(db: Db): Promise<StoredDictionaries> {
  const rows = await db
    .selectFrom('dictionary_entries')
    .selectAll()
    .where('retired', '=', 0)
    .orderBy('dictionary')
    .orderBy('sort_order')
    .execute();
  const byName: StoredDictionaries = new Map();
  for (const r of rows) {
    const list = byName.get(r.dictionary) ?? [];
    list.push({ id: r.id, name: r.name, inSmall: r.in_small === 1, fixesDate: r.fixes_date === 1 });
    byName.set(r.dictionary, list);
  }
  return byName;
}

/** The name of an entry by its id (a wage frequency's, a title's), or '' for an id the dictionary lacks. */
export function entryNames(dictionaries: StoredDictionaries, dictionary: string): (id: number) => string {
  const names = new Map((dictionaries.get(dictionary) ?? []).map((e) => [e.id, e.name]));
  return (id) => names.get(id) ?? '';
}
