import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Account/GetCreditSearches (issue 47): the searches of the customer's credit file we made, newest first. */
export const getCreditSearches = () =>
  callApi('getCreditSearches', undefined, { loaderMessage: 'Loading your credit searches.' });

export const useCreditSearches = () =>
  useQuery({ queryKey: ['credit-searches'], queryFn: getCreditSearches });
