import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const esignKey = (guid: string) => ['esign', guid] as const;

export const getEsign = (guid: string) => callApi('getEsign', { guid });

/**
 * The three agreements as the server renders them today. Read fresh on every arrival: they are priced
 * for the day they are shown, and the signature must match what was shown (docs/decisions/016).
 */
export const useEsign = (guid: string) =>
  useQuery({ queryKey: esignKey(guid), queryFn: () => getEsign(guid), staleTime: 0, gcTime: 0 });
