import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { noAnswer, usePreviewable } from './preview-answer';

export const confirmEmailChangeKey = (token: string) => ['confirm-email-change', token] as const;

export const confirmEmailChange = (token: string) => callApi('confirmEmailChange', token);

/**
 * Uses the link once. Never sent again for the same token while the app runs (a second mount, React's
 * strict-mode double effect): the link is single use, so a second try would answer 'already used'.
 */
export function useConfirmEmailChange(token: string) {
  const confirm = usePreviewable(confirmEmailChange, noAnswer);
  return useQuery({
    queryKey: confirmEmailChangeKey(token),
    queryFn: () => confirm(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
