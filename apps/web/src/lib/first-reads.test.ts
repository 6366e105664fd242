import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api-client';
import { startFirstReads } from './first-reads';
import { setNavigator } from './navigation';
import { setItems } from './session';
import { takeFirstAnswer } from './take-first-read';

let urls: string[];
let answer: (url: string) => Response;

beforeEach(() => {
  urls = [];
  answer = () => Response.json({ error: { errorID: 0, errorMessage: '' }, object: { read: urls.length } });
  setNavigator(() => undefined);
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return answer(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('first reads (issue 50)', () => {
  it("asks a signed-in page's reads at once, and the page's own call takes the answer instead of asking again", async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    startFirstReads('/borrow/');
    expect(urls).toEqual([
      '/api/MyAccountArea/GetBorrowingSummary',
      '/api/MyAccountArea/GetLoanState',
      '/api/MyAccountArea/GetScheduleSummary',
      '/api/MyAccountArea/GetWithdrawal',
    ]);
    expect(await callApi('getBorrowingSummary', undefined)).toEqual({ read: 1 });
    expect(urls).toHaveLength(4);
    // Once only: the next arrival asks afresh.
    expect(await callApi('getBorrowingSummary', undefined)).toEqual({ read: 5 });
    expect(urls).toHaveLength(5);
  });

  it('asks nothing without a session, nor for a page without first reads', () => {
    setItems({ token: null, refresh_token: null });
    startFirstReads('/borrow');
    setItems({ token: 'T1', refresh_token: 'R1' });
    startFirstReads('/account/change-password');
    expect(urls).toEqual([]);
  });

  it("does not use an answer asked with another session's token, nor a stale one", async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    startFirstReads('/borrow/schedule');
    setItems({ token: 'T2', refresh_token: 'R2' });
    await callApi('getScheduleSummary', undefined);
    expect(urls.filter((u) => u.endsWith('GetScheduleSummary'))).toHaveLength(2);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    startFirstReads('/borrow/schedule');
    vi.setSystemTime(Date.now() + 15_000);
    await callApi('getScheduleSummary', undefined);
    expect(urls.filter((u) => u.endsWith('GetScheduleSummary'))).toHaveLength(4);
  });

  it("refreshes a first read's 401 as its own, so an expired token still shows the page", async () => {
    setItems({ token: 'OLD', refresh_token: 'R1' });
    answer = (url) =>
      url.endsWith('RefreshToken')
        ? Response.json({
            error: { errorID: 0, errorMessage: '' },
            object: { token: 'NEW', refreshToken: 'R2' },
          })
        : urls.length <= 4
          ? Response.json({ error: { errorID: 401, errorMessage: '' }, object: null }, { status: 401 })
          : Response.json({ error: { errorID: 0, errorMessage: '' }, object: { fresh: true } });
    startFirstReads('/borrow');
    expect(await callApi('getBorrowingSummary', undefined)).toEqual({ fresh: true });
    expect(urls).toEqual([
      '/api/MyAccountArea/GetBorrowingSummary',
      '/api/MyAccountArea/GetLoanState',
      '/api/MyAccountArea/GetScheduleSummary',
      '/api/MyAccountArea/GetWithdrawal',
      '/api/Account/RefreshToken',
      '/api/MyAccountArea/GetBorrowingSummary',
    ]);
  });

  it('keeps the answers it is asked to, once, hands each on, and leaves a failed one to the API client', async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    answer = (url) =>
      url.endsWith('GetLoanState')
        ? Response.json({ error: { errorID: 5, errorMessage: 'no' }, object: null })
        : Response.json({ error: { errorID: 0, errorMessage: '' }, object: { read: url } });
    const handed: unknown[] = [];
    const answered = { getScheduleSummary: (o: unknown) => handed.push(o), getLoanState: () => undefined };
    startFirstReads('/borrow/schedule', answered);
    // Not in yet: nothing to draw, and the read stays for the API client.
    expect(takeFirstAnswer('getScheduleSummary', 'T1')).toBeUndefined();
    const answerIn = () =>
      vi.waitFor(() =>
        expect(globalThis.__lenderFirstReads?.get('getScheduleSummary')?.answer).toBeDefined(),
      );
    await answerIn();
    expect(handed).toEqual([{ read: '/api/MyAccountArea/GetScheduleSummary' }]);
    expect(takeFirstAnswer('getScheduleSummary', 'T2')).toBeUndefined();
    startFirstReads('/borrow/schedule', answered);
    await answerIn();
    expect(takeFirstAnswer('getScheduleSummary', 'T1')).toEqual({
      object: { read: '/api/MyAccountArea/GetScheduleSummary' },
    });
    expect(takeFirstAnswer('getScheduleSummary', 'T1')).toBeUndefined();
    // A refusal has no answer to draw: the API client takes its response and says why.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(takeFirstAnswer('getLoanState', 'T1')).toBeUndefined();
    await expect(callApi('getLoanState', undefined)).rejects.toMatchObject({ error: { errorID: 5 } });
    expect(urls.filter((u) => u.endsWith('GetLoanState'))).toHaveLength(2);
  });

  it('reads no answer nobody asked for: the API client alone reads those responses', async () => {
    setItems({ token: 'T1', refresh_token: 'R1' });
    startFirstReads('/borrow/schedule', { getLoanState: () => undefined });
    await vi.waitFor(() => expect(globalThis.__lenderFirstReads?.get('getLoanState')?.answer).toBeDefined());
    expect(globalThis.__lenderFirstReads?.get('getScheduleSummary')?.answer).toBeUndefined();
    expect(takeFirstAnswer('getScheduleSummary', 'T1')).toBeUndefined();
    expect(await callApi('getScheduleSummary', undefined)).toEqual({ read: 1 });
  });
});
