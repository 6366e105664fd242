import type { FastifyInstance } from 'fastify';

/**
 * One call to the provider, whichever way it travels. The card provider's transports only POST; this
 * protocol also reads a payment back with GET.
 */
export type PayoutCall = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
};
export type PayoutTransport = (call: PayoutCall) => Promise<{ status: number; body: string }>;

/** A provider over the network, at its base URL. */
export function fetchTransport(baseUrl: string): PayoutTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ method, path, headers, body, signal }) => {
    // A provider's API does not redirect; following one would send the key on to somewhere else.
    const res = await fetch(`${base}${path}`, { method, headers, body, signal, redirect: 'error' });
    return { status: res.status, body: await res.text() };
  };
}

/**
 * The built-in sandbox, mounted at `basePath` in this same server, through `app.inject`: the same
 * requests and answers as over the network, without a socket (the server may not listen yet, or at all).
 */
export function injectTransport(app: FastifyInstance, basePath: string): PayoutTransport {
  return async ({ method, path, headers, body }) => {
    const res = await app.inject({ method, url: `${basePath}${path}`, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
}
