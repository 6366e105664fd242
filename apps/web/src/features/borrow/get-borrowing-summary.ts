import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type BorrowingSummary = CallResponse<'getBorrowingSummary'>;

export const borrowingSummaryKey = ['borrowing-summary'] as const;

export const getBorrowingSummary = () => callApi('getBorrowingSummary', undefined);

/**
 * The status and the 12-month summary, read fresh on every arrival (a payment or a new application
 * changes them) and dropped when the page is left (gcTime 0), so another person signing in on this
 * browser never sees them.
 */
export const useBorrowingSummary = () =>
  useQuery({
    queryKey: borrowingSummaryKey,
    queryFn: getBorrowingSummary,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
