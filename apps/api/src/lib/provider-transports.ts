import type { FastifyInstance } from 'fastify';

/**
 * One call to an outside provider (the card provider, the payout provider): the adapter's protocol,
 * whichever way it travels. A POST unless it says otherwise (the payout provider reads a payment back).
 */
export type ProviderCall = {
  method?: 'GET' | 'POST';
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
