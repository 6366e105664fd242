import type { Dictionaries, DictionaryName } from '@lender/contract/dictionaries';
import { DictionaryId } from '@lender/contract/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

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
    queryKey: ['dictionaries', [...names].sort().join(','), small],
    queryFn: () => getDictionaries(names, small),
    staleTime: 10 * 60_000,
  });
