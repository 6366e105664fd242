import type { CallName, CallRoute } from '@lender/contract/api-calls';
import { route as getAccountDetails } from 'virtual:call-route/getAccountDetails';
import { route as getBorrowingSummary } from 'virtual:call-route/getBorrowingSummary';
import { route as getDocuments } from 'virtual:call-route/getDocuments';
import { route as getLoanState } from 'virtual:call-route/getLoanState';
import { route as getScheduleSummary } from 'virtual:call-route/getScheduleSummary';
import { route as getTotalDue } from 'virtual:call-route/getTotalDue';
import { route as getWithdrawal } from 'virtual:call-route/getWithdrawal';
import type { Envelope } from '@lender/contract/envelope-types';
import type { FirstRead } from './take-first-read';

/**
 * The reads each signed-in page with a shell of its own starts with (build/route-shells.ts), by path.
 * Each is a GET without input. The borrow page draws nothing until a live loan's card and withdrawal are
 * known as well (its next payment and the help in arrears depend on them, and would push the rest down
 * when they came): asked at once, not after the summary, they cost no round trip of their own. The
 * account pages open inside their layout, which waits for the details.
 */
const FIRST_READS: Readonly<Record<string, Partial<Record<CallName, CallRoute>>>> = {
  '/borrow': { getBorrowingSummary, getLoanState, getScheduleSummary, getWithdrawal },
  '/borrow/schedule': { getScheduleSummary, getLoanState },
  '/borrow/payment': { getScheduleSummary, getTotalDue, getLoanState },
  '/account': { getAccountDetails, getLoanState },
  '/account/documents': { getAccountDetails, getLoanState, getDocuments },
};

/**
 * Starts the page's first reads before any of its code has arrived (src/early-reads.ts, the route shell's
 * first script): without this they wait for React, every chunk, the router and the first render, a
 * waterfall of round trips on a phone. Only with a session. This module must stay free of React and the
 * API client, or the early script would wait for them: the token is read from local storage directly,
 * under the name lib/session.ts gives it. The API client takes each response as its own request's
 * (`takeFirstRead`), so its refresh on a 401, its error handling and the query cache are unchanged, and
 * nothing is asked twice. A read given in `answered` is read as well once it succeeds: its answer is
 * kept (`takeFirstAnswer`) and handed to its function (the early script draws where the loan stands
 * with it: lib/frame-banner.ts). Only those: parsing the rest twice would cost the page's load for nothing.
 */
export function startFirstReads(
  pathname: string,
  answered: Partial<Record<CallName, (object: unknown) => void>> = {},
): void {
  const token = localStorage.getItem('token');
  const reads = FIRST_READS[pagePath(pathname)];
  if (!token || !reads) return;
  const started = (globalThis.__lenderFirstReads ??= new Map<CallName, FirstRead>());
  for (const [name, route] of Object.entries(reads) as [CallName, CallRoute][]) {
    const response = fetch(route.path, {
      method: route.method,
      headers: { authorization: `Bearer ${token}` },
    });
    const read: FirstRead = { token, at: Date.now(), response };
    started.set(name, read);
    // Whoever takes it reads the failure; one never taken must not be an unhandled rejection.
    response.catch(() => undefined);
    const onAnswer = answered[name];
    if (!onAnswer) continue;
    // Its answer too, from a copy taken before anyone reads the body: React's first render draws where the
    // loan stands from it (lib/api/get-loan-state.ts), as the frame does. A failure is left to the API
    // client, which takes the response (a refresh on a 401, the error page).
    response
      .then(async (res) => {
        const envelope = res.ok ? ((await res.clone().json()) as Envelope<unknown>) : undefined;
        if (envelope?.error.errorID !== 0) return;
        read.answer = { object: envelope.object };
        onAnswer(envelope.object);
      })
      .catch(() => undefined);
  }
}

/** The page a path names, as the router matches it: `/borrow/` is `/borrow`. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
