import { describe, expect, it } from 'vitest';
import { loqateLookup } from './loqate-lookup';

describe('Loqate lookup', () => {
  it('speaks the Loqate protocol when a key is configured', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (url: URL) => {
      seen.push(url.toString());
      const items = url.pathname.includes('Find')
        ? [{ Id: 'GB|RM|A|1', Type: 'Address', Text: '1 High Street', Description: 'Leeds, LS1 1AA' }]
        : [
            {
              Id: 'GB|RM|A|1',
              PostalCode: 'LS1 1AA',
              Province: 'West Yorkshire',
              City: 'Leeds',
              Street: 'High Street',
              BuildingName: '',
              BuildingNumber: '1',
              SubBuilding: '',
              Label: '1 High Street\nLEEDS\nLS1 1AA',
            },
          ];
      return new Response(JSON.stringify({ Items: items }), { status: 200 });
    }) as unknown as typeof fetch;
    const lookup = loqateLookup('https://lookup.test', 'KEY1', fakeFetch);
    const found = await lookup.find('LS1 1AA');
    expect(found[0]).toMatchObject({ Id: 'GB|RM|A|1', Label: '1 High Street, Leeds, LS1 1AA' });
    const full = await lookup.retrieve('GB|RM|A|1');
    expect(full[0]).toMatchObject({ PostalCode: 'LS1 1AA', City: 'Leeds', BuildingNumber: '1' });
    expect(seen[0]).toContain('Countries=GB');
    expect(seen[0]).toContain('Key=KEY1');
  });
});
