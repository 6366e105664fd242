import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, callApi, REFRESH_LOCK } from './api-client';
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

  it("sends a call's extra headers, and the same again on the retry after a refresh", async () => {
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 200, body: envelope({ token: 'NEW', refreshToken: 'R2' }) },
      { status: 200, body: envelope({ redirectUrl: null }) },
    );
    const key = '0b6f8c1e-4d0a-4f7e-9b1a-2c3d4e5f6a7b';
    await callApi(
      'cardPayment',
      { payTotal: true, amount: 10, useExistingCard: true },
      { headers: { 'Idempotency-Key': key } },
    );
    const sentKey = (i: number) => new Headers(requests[i]!.init.headers).get('idempotency-key');
    expect(requests.map((r) => r.url)).toEqual([
      '/api/MyAccountArea/CardPayment',
      '/api/Account/RefreshToken',
      '/api/MyAccountArea/CardPayment',
    ]);
    expect([sentKey(0), sentKey(2)]).toEqual([key, key]);
    expect(auth(2)).toBe('Bearer NEW');
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

  it('clears a session the server refused to refresh without posting Logout (the server ended it)', async () => {
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 401, body: envelope(null, 401, 'Your session has ended. Please log in again.') },
    );
    await expect(callApi('getApplicationStatus', undefined)).rejects.toBeInstanceOf(ApiCallError);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/Register/GetApplicationStatus',
      '/api/Account/RefreshToken',
    ]);
    expect(getItem('refresh_token')).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it('signs out locally and shows /maintenance when the service is in maintenance', async () => {
    setItems({ token: 'T1', refresh_token: 'R1', firstName: 'Ann' });
    replies.push({ status: 503, body: envelope(null, 503, 'Maintenance') });
    await expect(callApi('getApplicationStatus', undefined)).rejects.toBeInstanceOf(ApiCallError);
    expect(requests.map((r) => r.url)).toEqual(['/api/Register/GetApplicationStatus']);
    expect(getItem('token')).toBeNull();
    expect(getItem('firstName')).toBeNull();
    expect(navigations).toEqual(['/maintenance']);
  });

  it('lets one use of a call stay on the page on an HTTP failure (skipDefaultErrorHandling)', async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    replies.push({ status: 500, body: envelope(null, 100, 'Error Occured') });
    const err = (await callApi('getAccountDetails', undefined, { skipDefaultErrorHandling: true }).catch(
      (e: unknown) => e,
    )) as ApiCallError;
    expect(err.status).toBe(500);
    expect(navigations).toEqual([]);
  });
});

/** A Web Locks stand-in that queues holders like the browser does; `beforeGrant` runs as a lock is granted. */
function installLocks(beforeGrant: (grant: number) => void = () => undefined) {
  const granted: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request(name: string, task: () => Promise<unknown>) {
      const run = tail.then(() => {
        beforeGrant(granted.length);
        granted.push(name);
        return task();
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { configurable: true, get: () => locks });
  return granted;
}

describe('refreshing across tabs', () => {
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('swaps the refresh token while holding the shared lock', async () => {
    const granted = installLocks();
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 200, body: envelope({ token: 'NEW', refreshToken: 'R2' }) },
      { status: 200, body: envelope({ appStatusID: 3, appGuid: 'g', isEnd: false }) },
    );
    await callApi('getApplicationStatus', undefined);
    expect(granted).toEqual([REFRESH_LOCK]);
    expect(REFRESH_LOCK).toBe('kestrel-refresh');
    expect(requests[1]!.init.body).toBe(JSON.stringify('R1'));
    expect(auth(2)).toBe('Bearer NEW');
    expect(getItem('refresh_token')).toBe('R2');
  });

  it('uses the tokens another tab got while it waited for the lock, and does not swap again', async () => {
    // The other tab swapped R1 for R2 while this tab's request was on its way and got its 401.
    installLocks((grant) => {
      if (grant === 0) setItems({ token: 'FROM-OTHER-TAB', refresh_token: 'R2' });
    });
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push(
      { status: 401, body: envelope(null, 401) },
      { status: 200, body: envelope({ appStatusID: 3, appGuid: 'g', isEnd: false }) },
    );
    const result = await callApi('getApplicationStatus', undefined);
    expect(result).toEqual({ appStatusID: 3, appGuid: 'g', isEnd: false });
    expect(requests.map((r) => r.url)).toEqual([
      '/api/Register/GetApplicationStatus',
      '/api/Register/GetApplicationStatus',
    ]);
    expect(auth(1)).toBe('Bearer FROM-OTHER-TAB');
    expect(getItem('refresh_token')).toBe('R2');
    expect(navigations).toEqual([]);
  });

  it('goes to login when another tab signed out while this one waited for the lock', async () => {
    installLocks(() => setItems({ token: null, refresh_token: null }));
    setItems({ token: 'OLD', refresh_token: 'R1' });
    replies.push({ status: 401, body: envelope(null, 401) });
    await expect(callApi('getApplicationStatus', undefined)).rejects.toBeInstanceOf(ApiCallError);
    expect(requests.map((r) => r.url)).toEqual(['/api/Register/GetApplicationStatus']);
    expect(navigations).toEqual(['/login']);
  });

  it('swaps once for requests of one tab that meet a 401 together, and retries each with the new token', async () => {
    const granted = installLocks();
    setItems({ token: 'OLD', refresh_token: 'R1' });
    const answers: ((r: Response) => void)[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const first = callApi('getApplicationStatus', undefined);
    const second = callApi('getAccountDetails', undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers.shift()!(Response.json(envelope(null, 401), { status: 401 }));
    answers.shift()!(Response.json(envelope(null, 401), { status: 401 }));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(requests[2]!.url).toBe('/api/Account/RefreshToken');
    answers.shift()!(Response.json(envelope({ token: 'NEW', refreshToken: 'R2' })));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers.shift()!(Response.json(envelope({ appStatusID: 3, appGuid: 'g', isEnd: false })));
    answers.shift()!(Response.json(envelope({ appStatusID: 3, appGuid: 'g', isEnd: false })));
    await Promise.all([first, second]);

    expect(requests.filter((r) => r.url === '/api/Account/RefreshToken')).toHaveLength(1);
    expect(granted).toEqual([REFRESH_LOCK]);
    expect(requests.slice(3).map((r) => new Headers(r.init.headers).get('authorization'))).toEqual([
      'Bearer NEW',
      'Bearer NEW',
    ]);
  });

  it('does not swap again for a request of this tab whose 401 arrives after the refresh', async () => {
    installLocks();
    setItems({ token: 'OLD', refresh_token: 'R1' });
    const answers: ((r: Response) => void)[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const early = callApi('getApplicationStatus', undefined);
    const late = callApi('getAccountDetails', undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    // The first request's 401 is refreshed and retried before the second one's 401 arrives.
    answers.shift()!(Response.json(envelope(null, 401), { status: 401 }));
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    answers.pop()!(Response.json(envelope({ token: 'NEW', refreshToken: 'R2' })));
    await vi.waitFor(() => expect(requests).toHaveLength(4));
    answers.pop()!(Response.json(envelope({ appStatusID: 3, appGuid: 'g', isEnd: false })));
    await early;
    answers.shift()!(Response.json(envelope(null, 401), { status: 401 }));
    await vi.waitFor(() => expect(requests).toHaveLength(5));
    answers.shift()!(Response.json(envelope({ appStatusID: 3, appGuid: 'g', isEnd: false })));
    await late;

    expect(requests.map((r) => r.url)).toEqual([
      '/api/Register/GetApplicationStatus',
      '/api/Account/GetAccountDetails',
      '/api/Account/RefreshToken',
      '/api/Register/GetApplicationStatus',
      '/api/Account/GetAccountDetails',
    ]);
    expect(new Headers(requests[4]!.init.headers).get('authorization')).toBe('Bearer NEW');
  });
});
