import type { Envelope } from '@lender/contract/envelope-types';
import { queryOptions } from '@tanstack/react-query';

/** Where the browser sends the card, and the public half of the merchant's credentials (decision 014). */
export type CardProviderSettings = { url: string; merchantId: string; staticKey: string };

/**
 * `GET /api/card-provider` is not a call of the spec, so it is not in the contract's table of calls and
 * callApi does not know it: it needs no session and answers the usual envelope.
 */
export async function getCardProviderSettings(): Promise<CardProviderSettings> {
  const res = await fetch('/api/card-provider', { headers: { accept: 'application/json' } });
  const body = (await res.json()) as Envelope<CardProviderSettings>;
  if (!res.ok || body.error.errorID !== 0 || !body.object) {
    throw new Error(`Card provider settings unavailable (HTTP ${res.status})`);
  }
  return body.object;
}

// The settings change only with a deployment: one read per visit is enough.
export const cardProviderSettingsKey = ['card-provider-settings'] as const;

export const cardProviderSettingsQuery = queryOptions({
  queryKey: cardProviderSettingsKey,
  queryFn: getCardProviderSettings,
  staleTime: Infinity,
});
