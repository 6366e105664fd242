import { calls, callPath, type CallName } from '@lender/contract/api-calls';

export type Envelope = { error?: { errorID?: number; errorMessage?: string }; object?: unknown };

export type CallResult = { status: number; body: Envelope | null; ms: number };

/** The path and method of a call, from the contract (the server registers its routes from the same table). */
export function route(name: CallName) {
  const def = calls[name];
  return { method: def.method, path: callPath(def) };
}

/** One API call as the web app makes it: JSON in, the envelope out, the bearer token when signed in. */
export async function callApi(
  baseUrl: string,
  name: CallName,
  input?: {
    body?: unknown;
    token?: string;
    query?: string;
    cookie?: string;
    timeoutMs?: number;
    forwardedFor?: string;
  },
): Promise<CallResult> {
  const { method, path: callPath } = route(name);
  const path = input?.query ? `${callPath}?${input.query}` : callPath;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input?.body !== undefined) headers['content-type'] = 'application/json';
  if (input?.token) headers.authorization = `Bearer ${input.token}`;
  if (input?.cookie) headers.cookie = input.cookie;
  // As a proxy names the client: the server must be started with TRUST_PROXY (server.ts, clientsBehindProxy).
  if (input?.forwardedFor) headers['x-forwarded-for'] = input.forwardedFor;
  const started = performance.now();
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    ...(input?.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    signal: AbortSignal.timeout(input?.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Envelope | null;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = null;
  }
  return { status: res.status, body, ms };
}

export const succeeded = (r: CallResult) => r.status >= 200 && r.status < 300 && r.body?.error?.errorID === 0;

export function describe(r: CallResult): string {
  return `HTTP ${r.status}, errorID ${r.body?.error?.errorID ?? '?'} ${r.body?.error?.errorMessage ?? ''}`.trim();
}

/** Nearest-rank percentile of already sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
