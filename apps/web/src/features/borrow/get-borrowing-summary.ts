import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { firstAnswer, unlessArrivedWith } from '../../lib/first-answer';

export type BorrowingSummary = CallResponse<'getBorrowingSummary'>;

export const borrowingSummaryKey = ['borrowing-summary'] as const;

export const getBorrowingSummary = () => callApi('getBorrowingSummary', undefined);

/**
 * The status and the 12-month summary, read fresh on every arrival (a payment or a new application
 * changes them) and dropped when the page is left (gcTime 0), so another person signing in on this
 * browser never sees them. The first arrival starts from the route shell's early answer.
 */
export const useBorrowingSummary = () =>
  useQuery({
    queryKey: borrowingSummaryKey,
    queryFn: getBorrowingSummary,
    initialData: firstAnswer('getBorrowingSummary'),
    staleTime: 0,
    refetchOnMount: unlessArrivedWith,
    gcTime: 0,
    retry: false,
  });
