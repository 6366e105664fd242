import { expect, test } from '@playwright/test';
import { ErrorId } from '@lender/contract/envelope';

// The API answers the same whatever the screen size: this file runs in the desktop project only.
test.describe('API', () => {
  test('GetDictionaries answers wage frequencies and titles', async ({ request }) => {
    const response = await request.post('/api/Dictionary/GetDictionaries', {
      data: {
        queries: [
          { key: 1, params: null },
          { key: 2, params: null },
        ],
      },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body.error).toEqual({ errorID: 0, errorMessage: '' });
    expect(Array.isArray(body.object.wageFrequencies)).toBe(true);
    expect(body.object.wageFrequencies.length).toBeGreaterThan(0);
    expect(Array.isArray(body.object.titles)).toBe(true);
    expect(body.object.titles.length).toBeGreaterThan(0);
  });

  test('an unknown API path answers 404 in the envelope, not the web app', async ({ request }) => {
    const response = await request.get('/api/NoSuch/Call');
    expect(response.status()).toBe(404);
    const body = await response.json();
    expect(body.error.errorID).toBe(ErrorId.routeNotFound);
    expect(body.object).toBeNull();
  });
});
