import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** The cache key of the status: a page that moves the application on invalidates it. */
export const applicationStatusKey = ['application-status'] as const;

export const getApplicationStatus = () => callApi('getApplicationStatus', undefined);

/** The signed-in applicant's status, read fresh on every arrival at a stage (never from a cache). */
export const useApplicationStatus = () =>
  useQuery({
    queryKey: applicationStatusKey,
    queryFn: getApplicationStatus,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
