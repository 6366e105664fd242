import type { CallName, CallRoute } from '@lender/contract/api-calls';
import { route as getBorrowingSummary } from 'virtual:call-route/getBorrowingSummary';
import { route as getLoanState } from 'virtual:call-route/getLoanState';
import { route as getScheduleSummary } from 'virtual:call-route/getScheduleSummary';
import { route as getWithdrawal } from 'virtual:call-route/getWithdrawal';
import { getItem } from './session';

/**
 * The reads the signed-in pages customers open most start with (issue 50), by path: the same pages whose
 * code their own shells announce from the start (build/route-shells.ts). Each is a GET without input.
 * The borrow page draws nothing until a live loan's card and withdrawal are known as well (its next
 * payment and the help in arrears depend on them, and would push the rest down when they came): asked at
 * once, not after the summary, they cost no round trip of their own.
 */
const FIRST_READS: Readonly<Record<string, Partial<Record<CallName, CallRoute>>>> = {
  '/borrow': { getBorrowingSummary, getLoanState, getScheduleSummary, getWithdrawal },
  '/borrow/schedule': { getScheduleSummary, getLoanState },
  '/borrow/payment': { getScheduleSummary, getLoanState },
};

/** Long enough for a slow phone to load the page's code; a read older than this is not used. */
const FRESH_MS = 15_000;

type Started = { token: string; at: number; response: Promise<Response> };
const started = new Map<CallName, Started>();

/**
 * Starts the page's first reads as the entry runs, while the browser is still fetching the page's code:
 * without this they wait for every chunk, the router and the first render, a waterfall of round trips
 * on a phone. Only with a session; the API client takes each response as its own request's
 * (`takeFirstRead`), so its refresh on a 401, its error handling and the query cache are unchanged, and
 * nothing is asked twice.
 */
export function startFirstReads(pathname: string): void {
  const token = getItem('token');
  const reads = FIRST_READS[pathname.replace(/\/+$/, '')];
  if (!token || !reads) return;
  for (const [name, route] of Object.entries(reads) as [CallName, CallRoute][]) {
    const response = fetch(route.path, {
      method: route.method,
      headers: { authorization: `Bearer ${token}` },
    });
    // Whoever takes it reads the failure; one never taken must not be an unhandled rejection.
    response.catch(() => undefined);
    started.set(name, { token, at: Date.now(), response });
  }
}

/**
 * The early response of `name` once, when it was asked with the token the caller would send and is still
 * fresh; otherwise nothing, and the caller asks itself.
 */
export function takeFirstRead(name: CallName, token: string | null): Promise<Response> | undefined {
  const read = started.get(name);
  if (!read) return undefined;
  started.delete(name);
  return read.token === token && Date.now() - read.at < FRESH_MS ? read.response : undefined;
}
