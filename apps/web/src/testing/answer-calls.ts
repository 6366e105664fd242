import type { CallName, calls } from '@lender/contract/api-calls';
import type { Envelope } from '@lender/contract/envelope-types';
import { callRoutes } from 'virtual:call-routes';
import { vi } from 'vitest';
import type { z } from 'zod';
import { ApiCallError } from '../lib/api-client';
import { noteUnexpected } from './unexpected-calls';

type Def<N extends CallName> = (typeof calls)[N];

/**
 * A call's input as the server receives it: the JSON body, the query's values (as the strings of the URL),
 * the multipart form, or nothing.
 */
export type SentInput<N extends CallName> =
  Def<N> extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : Def<N> extends { multipart: object }
      ? FormData
      : Def<N> extends { query: object }
        ? Record<string, string>
        : undefined;

/** One call as the server saw it. */
export type SentCall<N extends CallName = CallName> = {
  name: N;
  input: SentInput<N>;
  method: string;
  /** The request's headers, names in lower case (authorization, x-signing-token, idempotency-key...). */
  headers: Record<string, string>;
  /** Sent to outlive the page (signing out as a tab closes). */
  keepalive: boolean;
};

/**
 * What the server answers one call: its object (the envelope's errorID 0), or an `ApiCallError`, returned
 * or thrown, for a refusal: the envelope's error and object with the error's HTTP status (0: no answer at
 * all, the network failed). The object is typed loosely on purpose: a test gives only the fields its page
 * reads (the contract's `CallResponse<N>` is what a full answer looks like).
 */
export type Answer<N extends CallName> = (input: SentInput<N>, call: SentCall<N>) => unknown;

export type Answers = { [N in CallName]?: Answer<N> };

/** Anything else the page fetches that is not one of our calls (the card provider's own endpoints). */
export type OtherRequest = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** A refusal for an answer to return: the envelope's errorID and message, HTTP 200 unless told. */
export const refusal = (
  errorID: number,
  errorMessage = '',
  { status = 200, object = null }: { status?: number; object?: unknown } = {},
) => new ApiCallError({ errorID, errorMessage }, status, object);

/** The call a path of ours belongs to (the contract's table of calls). */
export const nameOfPath = new Map(
  Object.entries(callRoutes).map(([name, route]) => [route.path, name as CallName]),
);

function inputOf(url: URL, init: RequestInit | undefined): unknown {
  if (typeof init?.body === 'string') return JSON.parse(init.body) as unknown;
  if (init?.body instanceof FormData) return init.body;
  return url.search ? Object.fromEntries(url.searchParams) : undefined;
}

function envelopeResponse(reply: unknown): Response {
  if (reply instanceof ApiCallError) {
    if (reply.status === 0) throw new TypeError('Failed to fetch');
    const body: Envelope<unknown> = { error: reply.error, object: reply.object ?? null };
    return Response.json(body, { status: reply.status });
  }
  return Response.json({ error: { errorID: 0, errorMessage: '' }, object: reply ?? null });
}

/**
 * The one way web tests stand in for the server: `fetch` answers each of our calls, found by its name in
 * the contract's table, with an envelope made of what `answers` gives, so everything above the network (the
 * API client's envelope, errorID, 401 and navigation handling, the query cache) is the real code. A call
 * with no answer, or any other request without `other`, fails the test with its name. Returns the calls
 * as the server saw them.
 */
export function answerCalls(answers: Answers, other?: OtherRequest) {
  const sent: SentCall[] = [];
  vi.stubGlobal('fetch', async (request: RequestInfo | URL, init?: RequestInit) => {
    const href = request instanceof Request ? request.url : String(request);
    const url = new URL(href, 'http://localhost');
    const name = nameOfPath.get(url.pathname);
    if (!name) {
      if (other) return other(href, init);
      noteUnexpected(`request ${href}`);
      throw new Error(`unexpected request ${href}`);
    }
    const headers = Object.fromEntries(
      [...new Headers(init?.headers).entries()].map(([key, value]) => [key.toLowerCase(), value]),
    );
    const call = {
      name,
      input: inputOf(url, init),
      method: init?.method ?? 'GET',
      headers,
      keepalive: init?.keepalive ?? false,
    } as SentCall;
    sent.push(call);
    const answer = answers[name] as Answer<CallName> | undefined;
    if (!answer) {
      noteUnexpected(`call ${name}`);
      throw new Error(`unexpected call ${name}`);
    }
    let reply: unknown;
    try {
      reply = await answer(call.input as never, call as never);
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      reply = err;
    }
    return envelopeResponse(reply);
  });
  return {
    /** Every call made, in order. */
    sent,
    /** The calls of one name. */
    to: <N extends CallName>(name: N) => sent.filter((c): c is SentCall<N> => c.name === name),
    /** The names of the calls made, in order. */
    names: () => sent.map((c) => c.name),
  };
}
