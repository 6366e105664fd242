import type { CallName, CallResponse, calls } from '@lender/contract/api-calls';
import { callRoutes } from 'virtual:call-routes';
import type { ApiError, Envelope } from '@lender/contract/envelope-types';
import { ErrorId } from '@lender/contract/error-ids';
import { Refusal } from '@lender/contract/refusals';
import type { z } from 'zod';
import { takeFirstRead } from './take-first-read';
import { trackRequest } from './loader-store';
import { navigateTo } from './navigation';
import { clearSession, getItem, hasSession, storeTokens } from './session';
import { guidOfInput, signingTokenFor } from './signing-link';

const MAINTENANCE_ERROR_ID = ErrorId.maintenance;

type Def<N extends CallName> = (typeof calls)[N];
export type CallInput<N extends CallName> =
  Def<N> extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : Def<N> extends { multipart: object }
      ? FormData
      : Def<N> extends { query: infer Q extends z.ZodType }
        ? z.input<Q>
        : void;

/** A non-zero errorID the caller handles (a business outcome), with the envelope's message. */
export class ApiCallError extends Error {
  constructor(
    readonly error: ApiError,
    readonly status: number,
    readonly object: unknown = null,
  ) {
    super(error.errorMessage || `errorID ${error.errorID}`);
  }
}

/** What a refused call tells the person: the server's errorMessage, else the spec's generic text. */
export const serverMessage = (err: unknown, fallback = Refusal.generic.errorMessage) =>
  (err instanceof ApiCallError && err.error.errorMessage) || fallback;

export type CallOptions = {
  forceLoader?: boolean;
  /** What the loader says while this call runs (the screen reader hears it); 'Please wait.' if unset. */
  loaderMessage?: string;
  /** A background call (a poll): the person did not ask for it, so the loader never covers the page. */
  quiet?: boolean;
  /**
   * This use of the call must not leave the page on an HTTP failure even though the call's own default
   * does (an extra the person did not ask for, such as the name fetched after a login).
   */
  skipDefaultErrorHandling?: boolean;
  signal?: AbortSignal;
  /**
   * The access token of a session the browser does not keep (a login that leads to e-sign, which
   * happens signed out): used for this call instead of the stored one.
   */
  accessToken?: string;
  /**
   * Extra request headers of this call (a payment's `Idempotency-Key`); the retry after a token refresh
   * sends them again, unchanged.
   */
  headers?: Record<string, string>;
};

/** The lock every tab of this site takes to swap the refresh token (the Web Locks API). */
export const REFRESH_LOCK = 'kestrel-refresh';

/** Runs `task` while holding the refresh lock across tabs; a browser without Web Locks runs it at once. */
async function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, task) : task();
}

/** Swaps the refresh token for a new pair; false when the server no longer knows the session. */
async function swapRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    const res = await fetch(callRoutes.refreshToken.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(refreshToken),
    });
    const body = (await res.json()) as Envelope<{ token: string; refreshToken: string }>;
    if (!res.ok || body.error.errorID !== 0 || !body.object) return false;
    storeTokens(body.object);
    return true;
  } catch {
    return false;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets a working access token after a 401. The server treats a refresh token swapped twice as stolen and
 * ends the session, so the swap happens once: requests of this tab share one refresh (single flight),
 * and tabs take turns under a lock. A tab that gets the lock and finds another refresh token than the
 * one its request started with knows another tab (or an earlier refresh of its own) has swapped it
 * already, and uses the new tokens instead of swapping again.
 */
function refreshSession(startedWith: string | null): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    const current = getItem('refresh_token');
    if (!current) return false;
    if (current !== startedWith) return true;
    return swapRefreshToken(current);
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function request(name: CallName, input: unknown, options: CallOptions) {
  const route = callRoutes[name];
  const headers: Record<string, string> = { ...options.headers };
  const token = options.accessToken ?? getItem('token');
  if (token) headers.authorization = `Bearer ${token}`;
  // The e-sign calls: the signing link's token of the application they name.
  if (route.auth === 'signing') headers['x-signing-token'] = signingTokenFor(guidOfInput(input));
  // A page's first read, asked by the route shell's early script (lib/first-reads.ts): its answer is this
  // one's.
  const early = route.input === 'none' && !options.headers ? takeFirstRead(name, token) : undefined;
  if (early) return early;
  let url = route.path;
  let body: string | FormData | undefined;
  if (route.input === 'query' && input) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
      if (v !== undefined && v !== null) params.set(k, String(v));
    }
    url += `?${params}`;
  } else if (route.input === 'body') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input);
  } else if (route.input === 'multipart') {
    // The browser writes the multipart content type with its boundary; the retry sends the same form.
    body = input as FormData;
  }
  return fetch(url, { method: route.method, headers, body, signal: options.signal });
}

/**
 * Calls the API: bearer token, one refresh and retry on a 401 with a session, sign-out and login on a
 * failed refresh, /error on an HTTP failure unless the call skips default handling. A 200 with a
 * non-zero errorID throws ApiCallError for the screen to handle.
 */
export async function callApi<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: CallOptions = {},
): Promise<CallResponse<N>> {
  const route = callRoutes[name];
  const skipDefault = route.skipDefaultErrorHandling || options.skipDefaultErrorHandling;
  const track: typeof trackRequest = options.quiet ? (call) => call : trackRequest;
  return track(
    (async () => {
      let res: Response;
      try {
        const startedWith = getItem('refresh_token');
        res = await request(name, input, options);
        if (res.status === 401 && route.auth === 'session' && !options.accessToken) {
          if (hasSession() && (await refreshSession(startedWith))) {
            res = await request(name, input, options);
          }
          if (res.status === 401) {
            // The server has already ended this session: forgetting it here is all that is left.
            clearSession();
            navigateTo('/login');
            throw new ApiCallError(Refusal.unauthorized, 401);
          }
        }
      } catch (err) {
        if (err instanceof ApiCallError) throw err;
        if (!skipDefault && !(err instanceof DOMException && err.name === 'AbortError')) navigateTo('/error');
        throw new ApiCallError(Refusal.generic, 0);
      }
      let envelope: Envelope<unknown>;
      try {
        envelope = (await res.json()) as Envelope<unknown>;
      } catch {
        envelope = { error: Refusal.generic, object: null };
      }
      if (res.status === 503 && envelope.error.errorID === MAINTENANCE_ERROR_ID) {
        // Maintenance ends every session on the server (spec section 4).
        clearSession();
        navigateTo('/maintenance');
        throw new ApiCallError(envelope.error, res.status);
      }
      if (!res.ok) {
        // Field validation failures belong to the form, and 'too soon, try later' (429, a resend) to the
        // screen that asked; everything else is an HTTP failure.
        if (!skipDefault && res.status !== 400 && res.status !== 429) navigateTo('/error');
        throw new ApiCallError(envelope.error, res.status, envelope.object);
      }
      if (envelope.error.errorID !== 0) throw new ApiCallError(envelope.error, res.status, envelope.object);
      return envelope.object as CallResponse<N>;
    })(),
    { force: options.forceLoader, message: options.loaderMessage },
  );
}
