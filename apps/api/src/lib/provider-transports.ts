import type { FastifyInstance } from 'fastify';

/**
 * One call to an outside provider (the card provider, the payout provider): the adapter's protocol,
 * whichever way it travels. A POST unless it says otherwise (the payout provider reads a payment back;
 * an open banking consent is revoked with DELETE).
 */
export type ProviderCall = {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
};
export type ProviderTransport = (call: ProviderCall) => Promise<{ status: number; body: string }>;

/** A provider over the network, at its base URL. */
export function fetchTransport(baseUrl: string): ProviderTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ method = 'POST', path, headers, body, signal }) => {
    // A provider's API does not redirect; following one would send the secret key on to somewhere else.
    const res = await fetch(`${base}${path}`, { method, headers, body, signal, redirect: 'error' });
    return { status: res.status, body: await res.text() };
  };
}

/**
 * The built-in sandbox, mounted at `basePath` in this same server, through `app.inject`: the same
 * requests and answers as over the network, without a socket (the server may not listen yet, or at all).
 */
export function injectTransport(app: FastifyInstance, basePath: string): ProviderTransport {
  return async ({ method = 'POST', path, headers, body }) => {
    const res = await app.inject({ method, url: `${basePath}${path}`, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
}

/** A provider that gave no usable answer, and why (for the log: never the request, its headers hold the key). */
export type NoAnswer = { outcome: 'unavailable'; reason: string };

export const noAnswer = (reason: string): NoAnswer => ({ outcome: 'unavailable', reason });

/** Why a call failed, from the network layer's cause (never the request: its headers hold the secret key). */
function failureOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const why = [cause?.code, cause?.message, (err as Error | null)?.name].find((v) => typeof v === 'string');
  return `no answer (${String(why ?? 'unknown error')})`;
}

/**
 * One call to a provider over `transport`, answered within `timeoutMs` whatever happens: `read` turns the
 * provider's HTTP answer into the adapter's result, and silence, a network failure or a body `read`
 * finds is not JSON (JSON.parse throwing) is `unavailable` with why, never a throw. A race rather than the
 * signal alone: an in-process transport may not heed the signal.
 */
export async function callProvider<T>(
  transport: ProviderTransport,
  call: Omit<ProviderCall, 'signal'>,
  timeoutMs: number,
  read: (res: { status: number; body: string }) => T | NoAnswer,
): Promise<T | NoAnswer> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<NoAnswer>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(noAnswer(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const answer = async (): Promise<T | NoAnswer> => {
    try {
      return read(await transport({ ...call, signal: abort.signal }));
    } catch (err) {
      return noAnswer(err instanceof SyntaxError ? 'an answer that is not JSON' : failureOf(err));
    }
  };
  try {
    return await Promise.race([answer(), late]);
  } finally {
    clearTimeout(timer);
  }
}
