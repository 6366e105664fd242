import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, callApi } from './api-client';
import { useLoaderMessage } from './loader-store';
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

  it("leaves a 429 ('sent too recently') to the screen, with the server's message", async () => {
    replies.push({
      status: 429,
      body: envelope(null, 429, 'Please wait a few seconds before asking again.'),
    });
    const err = (await callApi('sendVerificationSms', 'b7f9c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d').catch(
      (e: unknown) => e,
    )) as ApiCallError;
    expect(err.status).toBe(429);
    expect(err.error.errorMessage).toBe('Please wait a few seconds before asking again.');
    expect(navigations).toEqual([]);
  });

  it('shows the loader for a call the person made, never for a quiet one (a poll)', async () => {
    const { result } = renderHook(() => useLoaderMessage());
    const answers: ((r: Response) => void)[] = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    const settle = async (call: Promise<unknown>) => {
      await act(async () => {
        answers.shift()!(Response.json(envelope({ verified: false })));
        await call;
      });
    };

    let quiet!: Promise<unknown>;
    act(() => {
      quiet = callApi('getEmailVerificationLinkStatus', { guid: 'g' }, { quiet: true, forceLoader: true });
    });
    expect(result.current).toBeNull();
    await settle(quiet);

    let asked!: Promise<unknown>;
    act(() => {
      asked = callApi('getEmailVerificationLinkStatus', { guid: 'g' }, { forceLoader: true });
    });
    expect(result.current).toBe('Please wait.');
    await settle(asked);
    expect(result.current).toBeNull();
  });

  it('puts query calls in the query string', async () => {
    replies.push({ status: 200, body: envelope([]) });
    await callApi('addressFind', { postCode: 'SW1A 2AA' });
    expect(requests[0]!.url).toBe('/api/Address/Find?postCode=SW1A+2AA');
    expect(requests[0]!.init.method).toBe('GET');
  });
});
