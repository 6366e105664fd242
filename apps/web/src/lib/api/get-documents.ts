import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

export const DOCUMENTS_KEY = ['documents'] as const;

/** Document/GetDocuments: the customer's documents, the lender's and their uploads, newest first. */
export const getDocuments = () =>
  callApi('getDocuments', undefined, { loaderMessage: 'Loading your documents.' });

export const useDocuments = () => useQuery({ queryKey: DOCUMENTS_KEY, queryFn: getDocuments });
