import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const leadLandedKey = (guid: string) => ['lead-landed', guid] as const;

/** LeadProvider/LeadLanded: the lead's name and the loan the partner asked for (a public call). */
export const getLeadLanded = (guid: string) => callApi('leadLanded', { guid });

/**
 * The landing, once per visit: asking again would count another landing. `enabled` waits for the sign-out
 * of whoever was signed in (the call must not carry their token) and for a bank challenge's answer.
 */
export const useLeadLanded = (guid: string, enabled: boolean) =>
  useQuery({
    queryKey: leadLandedKey(guid),
    queryFn: () => getLeadLanded(guid),
    enabled,
    staleTime: Infinity,
  });
