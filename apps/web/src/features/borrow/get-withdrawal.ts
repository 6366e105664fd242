import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export type Withdrawal = CallResponse<'getWithdrawal'>;

export const withdrawalKey = ['withdrawal'] as const;

/** An extra of the borrow page the person did not ask for: a failure leaves the page as it is. */
export const getWithdrawal = () => callApi('getWithdrawal', undefined, { skipDefaultErrorHandling: true });

/**
 * MyAccountArea/GetWithdrawal (not in the spec): whether the loan may still be withdrawn from (Consumer
 * Credit Act s66A), and the notice once given; read fresh on every arrival, only for a loan being repaid.
 */
export const useWithdrawal = (enabled: boolean) =>
  useQuery({
    queryKey: withdrawalKey,
    queryFn: getWithdrawal,
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
