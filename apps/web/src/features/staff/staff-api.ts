import type { CallName, CallResponse } from '@lender/contract/api-calls';
import type { ApiError, Envelope } from '@lender/contract/envelope-types';
import { Refusal } from '@lender/contract/refusals';
import { callRoutes } from 'virtual:call-routes';
import type { CallInput } from '../../lib/api-client';

/**
 * The console's calls (issue 48). Not the customers' client: a member of staff is known by the
 * `staff_session` cookie (HttpOnly, sent only to /api/staff), never by a customer's bearer token, which
 * this client never sends, so a person signed in as a customer in the same browser stays two people.
 */
export class StaffCallError extends Error {
  constructor(
    readonly error: ApiError,
    readonly status: number,
  ) {
    super(error.errorMessage || `errorID ${error.errorID}`);
  }
}

/** The console's sign-in page, remembering where the member was going. */
export const staffLoginPath = (from?: string) =>
  from && from !== '/staff' ? `/staff/login?from=${encodeURIComponent(from)}` : '/staff/login';

export async function staffCall<N extends CallName>(name: N, input: CallInput<N>): Promise<CallResponse<N>> {
  const route = callRoutes[name];
  let url = route.path;
  const init: RequestInit = { method: route.method, credentials: 'same-origin', headers: {} };
  if (route.input === 'query' && input) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    }
    url += `?${params}`;
  } else if (route.input === 'body') {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(input);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new StaffCallError(Refusal.generic, 0);
  }
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    // An answer without the envelope (a proxy's error page) is a failure like any other.
  }
  if (!envelope || (envelope.error.errorID === 0 && !res.ok))
    throw new StaffCallError(Refusal.generic, res.status);
  if (res.status === 401 && route.auth !== 'public') {
    // The session ended (15 minutes idle, 10 hours, signed out elsewhere): sign in again, then come back.
    window.location.assign(staffLoginPath(window.location.pathname));
  }
  if (envelope.error.errorID !== 0) throw new StaffCallError(envelope.error, res.status);
  return envelope.object as CallResponse<N>;
}

/** What a refused call tells the member: the server's message, else a plain one. */
export const staffMessage = (err: unknown) =>
  (err instanceof StaffCallError && err.error.errorMessage) ||
  'Something went wrong. Try again, and tell the platform team if it keeps happening.';

/** True when the member's session is gone (idle, ended, signed out elsewhere): sign in again. */
export const signedOut = (err: unknown) => err instanceof StaffCallError && err.status === 401;
