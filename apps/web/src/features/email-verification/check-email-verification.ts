import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const checkEmailVerificationKey = (guid: string, verification: string) =>
  ['check-email-verification', guid, verification] as const;

export const checkEmailVerification = (guid: string, verification: string) =>
  callApi('checkEmailVerification', { guid, verification });

/**
 * Uses the link once. Never asked again for the same link while the app runs (a second mount, React's
 * strict-mode double effect): the link is single use, so a second ask would answer 'not verified'.
 */
export const useCheckEmailVerification = (guid: string, verification: string) =>
  useQuery({
    queryKey: checkEmailVerificationKey(guid, verification),
    queryFn: () => checkEmailVerification(guid, verification),
    enabled: guid !== '' && verification !== '',
    staleTime: Infinity,
    gcTime: Infinity,
  });
