import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type ScheduleSummary = CallResponse<'getScheduleSummary'>;

export const scheduleSummaryKey = ['schedule-summary'] as const;

export const getScheduleSummary = () => callApi('getScheduleSummary', undefined);

/**
 * The pay plan and the loan's transactions, read fresh on every arrival (the payment wizard comes back
 * here after a payment, a reschedule or a new card) and dropped when the page is left (gcTime 0).
 */
export const useScheduleSummary = () =>
  useQuery({
    queryKey: scheduleSummaryKey,
    queryFn: getScheduleSummary,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * The same read as an extra of the borrow page (its help in arrears: whether a plan is forbearance, and
 * whether the card is blocked), only for a loan being repaid; a failure leaves that page as it is.
 */
export const useScheduleSummaryExtra = (enabled: boolean) =>
  useQuery({
    queryKey: [...scheduleSummaryKey, 'extra'],
    queryFn: () => callApi('getScheduleSummary', undefined, { skipDefaultErrorHandling: true }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Asked once per visit, however many parts of the page read it: the borrow page waits for it before
    // drawing the parts that read it too, which must not ask again when they mount (nor again after a
    // failure, or the page would go back to waiting). gcTime 0: the next visit asks afresh.
    refetchOnMount: false,
    retryOnMount: false,
  });
