import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, callApi } from './api-client';
import { setNavigator } from './navigation';
import { getItem, setItems } from './session';

type Reply = { status: number; body: unknown };
const envelope = (object: unknown, errorID = 0, errorMessage = '') => ({
  error: { errorID, errorMessage },
  object,
});

let replies: Reply[];
let requests: { url: string; init: RequestInit }[];
let navigations: string[];

beforeEach(() => {
  replies = [];
  requests = [];
  navigations = [];
  setNavigator((to) => navigations.push(to));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const r = replies.shift() ?? { status: 500, body: envelope(null, 100) };
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const auth = (i: number) => new Headers(requests[i]!.init.headers).get('authorization');

describe('callApi', () => {
  it('sends the bearer token and returns the object of a successful envelope', async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    replies.push({ status: 200, body: envelope({ appStatusID: 1, appGuid: 'g', isEnd: false }) });
    const result = await callApi('getApplicationStatus', undefined);
    expect(result).toEqual({ appStatusID: 1, appGuid: 'g', isEnd: false });
    expect(requests[0]!.url).toBe('/api/Register/GetApplicationStatus');
    expect(auth(0)).toBe('Bearer T1');
  });

  it('refreshes once on a 401 with a session and retries with the new token', async () => {
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 200, body: envelope({ token: 'NEW', refreshToken: 'R2' }) },
      { status: 200, body: envelope({ appStatusID: 3, appGuid: 'g', isEnd: false }) },
    );
    await callApi('getApplicationStatus', undefined);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/Register/GetApplicationStatus',
      '/api/Account/RefreshToken',
      '/api/Register/GetApplicationStatus',
    ]);
    expect(requests[1]!.init.body).toBe(JSON.stringify('R1'));
    expect(auth(2)).toBe('Bearer NEW');
    expect(getItem('refresh_token')).toBe('R2');
  });

  it('signs out and goes to login when the refresh fails', async () => {
    setItems({ token: 'OLD', refresh_token: 'R1', firstName: 'Ann' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 200, body: envelope(null, 5, 'expired') },
    );
    await expect(callApi('getApplicationStatus', undefined)).rejects.toBeInstanceOf(ApiCallError);
    expect(getItem('token')).toBeNull();
    expect(getItem('firstName')).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('goes to /error on an HTTP failure, but not for a call that skips default handling', async () => {
    replies.push({ status: 500, body: envelope(null, 100, 'Error Occured') });
    await expect(callApi('getDictionaries', { queries: [{ key: 1 }] })).rejects.toBeInstanceOf(ApiCallError);
    expect(navigations).toEqual(['/error']);
    replies.push({ status: 500, body: envelope(null, 100, 'Error Occured') });
    await expect(callApi('login', { userName: 'a@b.co', password: 'x' })).rejects.toBeInstanceOf(
      ApiCallError,
    );
    expect(navigations).toEqual(['/error']);
  });

  it('leaves a business outcome (HTTP 200, non-zero errorID) and field errors to the screen', async () => {
    replies.push({ status: 200, body: envelope(null, 204, 'registered') });
    const err = await callApi('getDictionaries', { queries: [{ key: 1 }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).error.errorID).toBe(204);
    replies.push({
      status: 400,
      body: envelope({ fields: { firstName: 'Please enter your first name.' } }, 400),
    });
    const invalid = (await callApi('getDictionaries', { queries: [{ key: 1 }] }).catch(
      (e: unknown) => e,
    )) as ApiCallError;
    expect(invalid.object).toEqual({ fields: { firstName: 'Please enter your first name.' } });
    expect(navigations).toEqual([]);
  });

  it('puts query calls in the query string', async () => {
    replies.push({ status: 200, body: envelope([]) });
    await callApi('addressFind', { postCode: 'SW1A 2AA' });
    expect(requests[0]!.url).toBe('/api/Address/Find?postCode=SW1A+2AA');
    expect(requests[0]!.init.method).toBe('GET');
  });
});
