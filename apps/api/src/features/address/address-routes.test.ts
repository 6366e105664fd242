import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loqateLookup } from './loqate-lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Address lookup', () => {
  it.each(['SW1A 2AA', 'ec1a1bb', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT'])(
    'finds several addresses at %s',
    async (postCode) => {
      const res = await t.app.inject({ url: `/api/Address/Find?postCode=${encodeURIComponent(postCode)}` });
      const list = res.json().object;
      expect(list.length).toBeGreaterThanOrEqual(2);
      for (const a of list) {
        expect(Object.keys(a).sort()).toEqual([
          'BuildingName',
          'BuildingNumber',
          'City',
          'Id',
          'Label',
          'PostalCode',
          'Province',
          'Street',
          'SubBuilding',
        ]);
      }
      const retrieved = (
        await t.app.inject({ url: `/api/Address/Retrieve?id=${encodeURIComponent(list[0].Id)}` })
      ).json().object;
      expect(retrieved).toEqual([list[0]]);
    },
  );

  it('answers an empty list for an unknown postcode and 400 for something that is not a postcode', async () => {
    expect((await t.app.inject({ url: '/api/Address/Find?postCode=ZZ1 1ZZ' })).json().object).toEqual([]);
    const bad = await t.app.inject({ url: '/api/Address/Find?postCode=hello' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().object.fields.postCode).toBe('Please enter a valid post code');
  });

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
