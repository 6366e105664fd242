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
