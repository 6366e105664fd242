import { TIMINGS } from '@lender/contract/timings';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const emailVerificationLinkStatusKey = (guid: string) =>
  ['email-verification-link-status', guid] as const;

/** Quiet: a poll the applicant did not ask for must not cover the page with the loader. */
export const getEmailVerificationLinkStatus = (guid: string) =>
  callApi('getEmailVerificationLinkStatus', { guid }, { quiet: true });

/**
 * Whether the e-mail link has been pressed, asked every 1.5 s until it has (spec section 4) and at once
 * when the applicant comes back to this tab from their e-mail. It stops when verified, on a failure and
 * when the page closes.
 */
export const useEmailVerificationLinkStatus = (guid: string) =>
  useQuery({
    queryKey: emailVerificationLinkStatusKey(guid),
    queryFn: () => getEmailVerificationLinkStatus(guid),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.verified || query.state.status === 'error' ? false : TIMINGS.emailVerificationPollMs,
  });
