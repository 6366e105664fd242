import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Address/Find and Address/Retrieve (sandbox lookup)', () => {
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
});
