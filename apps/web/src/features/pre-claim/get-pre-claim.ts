import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const PRE_CLAIM_KEY = ['pre-claim'] as const;

/** PreClaim/GetPreClaim: the Letter of Claim, the statement of account and the reply once sent. */
export const getPreClaim = () =>
  callApi('getPreClaim', undefined, {
    loaderMessage: 'Loading your letter.',
    skipDefaultErrorHandling: true,
  });

export const usePreClaim = () => useQuery({ queryKey: PRE_CLAIM_KEY, queryFn: getPreClaim });
