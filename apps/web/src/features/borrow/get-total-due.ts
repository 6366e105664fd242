import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const totalDueKey = ['total-due'] as const;

export const getTotalDue = () => callApi('getTotalDue', undefined);

/**
 * What settles the loan today, in pounds: 'Pay total' pays exactly this (spec section 5). Read fresh on
 * every arrival and again when a payment is refused because it moved (errorID 241).
 */
export const useTotalDue = () =>
  useQuery({ queryKey: totalDueKey, queryFn: getTotalDue, staleTime: 0, gcTime: 0, retry: false });
