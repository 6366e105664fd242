import type { DictionaryName } from '@lender/contract/dictionary-ids';
import type { StoredDictionaries } from './dictionary-store';

/**
 * Every dictionary-backed id a service stores is checked against the dictionary in the database (a
 * schema only knows it is a positive integer). Built once at start-up: a check is a set lookup.
 */
export function dictionaryIdCheck(dictionaries: StoredDictionaries) {
  const ids = new Map(
    [...dictionaries].map(([name, entries]) => [name, new Set(entries.map((e) => e.id))] as const),
  );
  /** The keys of `wanted` whose id is not an entry of its dictionary. */
  return <K extends string>(wanted: Record<K, [DictionaryName, number]>): K[] =>
    (Object.keys(wanted) as K[]).filter((key) => !ids.get(wanted[key][0])?.has(wanted[key][1]));
}

export type DictionaryIdCheck = ReturnType<typeof dictionaryIdCheck>;
