import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type CallInput } from '../../lib/api-client';

export type LeadQuoteQuery = CallInput<'leadGetQuote'>;

/** LeadProvider/GetQuote: the lead's repayments, priced by the server at the partner's tier. */
export const getLeadQuote = (query: LeadQuoteQuery) => callApi('leadGetQuote', query);

export const leadQuoteQuery = (query: LeadQuoteQuery) =>
  queryOptions({
    queryKey: ['lead-quote', query] as const,
    queryFn: () => getLeadQuote(query),
  });

/**
 * The figures for the choices last calculated. Calculate fetches them first (so a refusal lands on the
 * form), this reads them from the cache; the previous figures stay while new ones are on their way.
 */
export const useLeadQuote = (query: LeadQuoteQuery | null) =>
  useQuery({
    ...leadQuoteQuery(query as LeadQuoteQuery),
    enabled: query !== null,
    placeholderData: (previous) => previous,
  });
