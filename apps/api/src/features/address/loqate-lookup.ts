import type { LookupAddress } from '@lender/contract/rules/address';
import type { AddressLookup } from './address-lookup';

type FindItem = { Id: string; Type: string; Text: string; Description: string; Error?: string };
type RetrieveItem = Partial<LookupAddress> & { Error?: string; Description?: string };

/**
 * Loqate-compatible lookup (Capture Interactive Find v1.10 and Retrieve v1.20), restricted to GBR.
 * Find answers summaries (Id and a label); the full address comes from Retrieve when the user picks one.
 */
export function loqateLookup(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): AddressLookup {
  async function get<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries({ Key: key, ...params })) url.searchParams.set(k, v);
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`Address lookup answered ${res.status}`);
    const body = (await res.json()) as { Items?: (T & { Error?: string; Description?: string })[] };
    const items = body.Items ?? [];
    if (items[0]?.Error) throw new Error(`Address lookup error ${items[0].Error}`);
    return items;
  }

  return {
    async find(postCode) {
      const items = await get<FindItem>('/Capture/Interactive/Find/v1.10/json3.ws', {
        Text: postCode,
        Countries: 'GB',
        Limit: '100',
      });
      return items
        .filter((i) => i.Type === 'Address')
        .map((i) => ({
          Id: i.Id,
          PostalCode: '',
          Province: '',
          City: '',
          Street: '',
          BuildingName: '',
          BuildingNumber: '',
          SubBuilding: '',
          Label: [i.Text, i.Description].filter(Boolean).join(', '),
        }));
    },
    async retrieve(id) {
      const items = await get<RetrieveItem>('/Capture/Interactive/Retrieve/v1.20/json3.ws', { Id: id });
      return items.map((i) => ({
        Id: i.Id ?? id,
        PostalCode: i.PostalCode ?? '',
        Province: i.Province ?? '',
        City: i.City ?? '',
        Street: i.Street ?? '',
        BuildingName: i.BuildingName ?? '',
        BuildingNumber: i.BuildingNumber ?? '',
        SubBuilding: i.SubBuilding ?? '',
        Label: i.Label ?? '',
      }));
    },
  };
}
