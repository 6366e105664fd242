import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

export const getApplicationStatus = () => callApi('getApplicationStatus', undefined);

/** The signed-in applicant's status, read fresh on every arrival at a stage (never from a cache). */
export const useApplicationStatus = () =>
  useQuery({
    queryKey: ['application-status'],
    queryFn: getApplicationStatus,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
