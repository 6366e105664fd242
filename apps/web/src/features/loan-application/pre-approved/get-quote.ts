import type { QuoteRequest } from '@lender/contract/calls/register';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const quoteKey = ['quote'] as const;

/** The quote of the signed-in applicant's application. */
export const useQuote = () => useQuery({ queryKey: quoteKey, queryFn: () => callApi('getQuote', undefined) });

export const useCalculateQuote = () =>
  useMutation({ mutationFn: (q: QuoteRequest) => callApi('calculateQuote', q) });

export const useAcceptQuote = () =>
  useMutation({ mutationFn: (q: QuoteRequest) => callApi('acceptQuote', q, { forceLoader: true }) });
