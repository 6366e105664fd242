import type { Dictionaries } from '@lender/contract/dictionaries';
import { DictionaryId, type DictionaryName } from '@lender/contract/dictionary-ids';

import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** One cache entry per set of lists, whatever order a form names them in. */
export const dictionariesKey = (names: DictionaryName[], small = false) =>
  ['dictionaries', [...names].sort().join(','), small] as const;

export const getDictionaries = (names: DictionaryName[], small = false) =>
  callApi('getDictionaries', {
    queries: names.map((name) => ({
      key: DictionaryId[name],
      params: small && name === 'wageFrequencies' ? 'small' : null,
    })),
  });

/** The lists a form needs, fetched once per visit (they change only with a release). */
export const useDictionaries = (names: DictionaryName[], small = false) =>
  useQuery<Dictionaries>({
    queryKey: dictionariesKey(names, small),
    queryFn: () => getDictionaries(names, small),
    staleTime: 10 * 60_000,
  });
