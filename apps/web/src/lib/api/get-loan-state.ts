import type { CallResponse } from '@lender/contract/api-calls';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';

export type LoanState = CallResponse<'getLoanState'>;

/** The cache key: a page that changes where the loan stands (a payment, a withdrawal) invalidates it. */
export const loanStateKey = ['loan-state'] as const;

/** A banner the person did not ask for: a failure leaves the page as it is (no error page). */
export const getLoanState = () => callApi('getLoanState', undefined, { skipDefaultErrorHandling: true });

/**
 * MyAccountArea/GetLoanState (issue 45 item 11): where the loan stands, read again on every arrival at a
 * page of the signed-in area (a payment or a new card elsewhere may have changed it; the read is small),
 * once per page however many parts of it ask.
 */
export const useLoanState = () =>
  useQuery({ queryKey: loanStateKey, queryFn: getLoanState, staleTime: 0, retry: false });
