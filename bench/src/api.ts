import autocannon, { type Options, type Result } from 'autocannon';
import type { CallName } from '@lender/contract/api-calls';
import { callApi, describe, route, succeeded } from './http';
import { round, signedInApplicant } from './journeys';
import { errorText, log, onCleanup, withTimeout } from './lifecycle';
import type { RunningServer } from './server';

/** What the calls below may use: a signed-in applicant in status applicationNew, with their quote. */
export type Fixture = {
  token: string;
  quote: { period: number; amount: number; repaymentDate: string; wageFrequencyID: number };
};

export type ApiCall = {
  call: CallName;
  /** Read calls are held to the p99 budget. */
  kind: 'read' | 'write';
  request(f: Fixture): { body?: unknown; token?: string };
};

/**
 * The calls measured against the bare route. Add an entry to measure another call; a call that answers
 * 501 (not implemented yet) is listed as not built, with no budget, until it is built.
 */
export const API_CALLS: ApiCall[] = [
  {
    call: 'getDictionaries',
    kind: 'read',
    // What the stage 1 form asks for.
    request: () => ({
      body: {
        queries: [
          { key: 2, params: null },
          { key: 1, params: null },
        ],
      },
    }),
  },
  {
    call: 'calculateQuote',
    kind: 'read',
    request: (f) => ({ body: { ...f.quote, amount: 500, period: 4 }, token: f.token }),
  },
  { call: 'getApplicationStatus', kind: 'read', request: (f) => ({ token: f.token }) },
  { call: 'getAccountDetails', kind: 'read', request: (f) => ({ token: f.token }) },
  // Not Login: 50 connections signing in to one account from one address are what a password-guessing
  // attack looks like, and the server refuses them as one (decision 017: attempts in flight count against
  // the account's five, then the address's twenty). Its cost is argon2id's, about 60 ms, by design.
];

export type Load = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export type ApiFigure = {
  call: string;
  path: string;
  kind: 'read' | 'write';
  /** 'not-built': the call answers 501, so there is nothing to measure yet (and no budget to meet). */
  status: 'measured' | 'skipped' | 'not-built';
  reason?: string;
  load?: Load;
  /** The bare GET /api/health measured just before and just after the call, in the same run, pooled. */
  bare?: Load;
  bareRuns?: Load[];
  /** Requests per second of the call divided by those of the bare route. */
  ratio?: number;
};

export function runAutocannon(opts: Options): Promise<Result> {
  let instance: ReturnType<typeof autocannon> | undefined;
  const remove = onCleanup('autocannon', () => instance?.stop());
  const done = new Promise<Result>((resolve, reject) => {
    instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
  return withTimeout(done, ((opts.duration ?? 10) + 30) * 1000, `autocannon ${opts.url}`).finally(remove);
}

export const toLoad = (r: Result): Load => ({
  rps: round(r.requests.average, 0),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Two runs of the bare route as one: mean rate, the worse latency. */
const pool = (runs: Load[]): Load => ({
  rps: round(runs.reduce((n, r) => n + r.rps, 0) / runs.length, 0),
  p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
  p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  requests: runs.reduce((n, r) => n + r.requests, 0),
  non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.errors, 0),
});

/** autocannon's options for `entry`: the request the web app would make, sent over `connections`. */
export function loadOptions(
  baseUrl: string,
  entry: ApiCall,
  fixture: Fixture,
  connections: number,
  seconds: number,
): Options {
  const { method, path } = route(entry.call);
  const req = entry.request(fixture);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  return {
    url: baseUrl + path,
    method,
    headers,
    ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    connections,
    duration: seconds,
    timeout: 10,
  };
}

/** The bare route (a constant answer) that every call is compared with. */
export const bareOptions = (baseUrl: string, connections: number, seconds: number): Options => ({
  url: `${baseUrl}/api/health`,
  connections,
  duration: seconds,
  timeout: 10,
});

export async function runApiBench(
  server: RunningServer,
  opts: { connections: number; seconds: number; bareSeconds: number; warmupSeconds: number },
): Promise<ApiFigure[]> {
  const fixture = await signedInApplicant(server.baseUrl);
  const bare = bareOptions(server.baseUrl, opts.connections, opts.bareSeconds);
  const figures: ApiFigure[] = [];

  for (const entry of API_CALLS) {
    const { path } = route(entry.call);
    const name = path.replace('/api/', '');
    const req = entry.request(fixture);
    const base: ApiFigure = { call: name, path, kind: entry.kind, status: 'skipped' };

    // One call by hand first: an unbuilt call (501) or a broken fixture is reported, not hammered.
    let probe;
    try {
      probe = await callApi(server.baseUrl, entry.call, {
        ...(req.body !== undefined ? { body: req.body } : {}),
        ...(req.token ? { token: req.token } : {}),
      });
    } catch (err) {
      figures.push({ ...base, reason: `probe failed: ${errorText(err)}` });
      continue;
    }
    if (probe.status === 501) {
      figures.push({ ...base, status: 'not-built', reason: 'not implemented yet (501)' });
      log(`API ${name}: skipped, answers 501`);
      continue;
    }
    if (!succeeded(probe)) {
      figures.push({ ...base, reason: `probe did not succeed: ${describe(probe)}` });
      log(`API ${name}: skipped, ${describe(probe)}`);
      continue;
    }

    const callOptions = loadOptions(server.baseUrl, entry, fixture, opts.connections, opts.seconds);
    // Warm both routes up (JIT, connection pools), then bare, call, bare back to back: on a shared
    // machine the bare figure on both sides of the call keeps the ratio honest when the load drifts.
    await runAutocannon({ ...callOptions, duration: opts.warmupSeconds });
    await runAutocannon({ ...bare, duration: opts.warmupSeconds });
    const before = toLoad(await runAutocannon(bare));
    const load = toLoad(await runAutocannon(callOptions));
    const after = toLoad(await runAutocannon(bare));
    const pooled = pool([before, after]);
    const figure: ApiFigure = {
      ...base,
      status: 'measured',
      load,
      bare: pooled,
      bareRuns: [before, after],
      ratio: round(load.rps / pooled.rps, 2),
    };
    if (load.non2xx > 0 || load.errors > 0) {
      figure.reason = `${load.non2xx} non-2xx answers and ${load.errors} errors or timeouts during the run`;
    }
    figures.push(figure);
    log(
      `API ${name}: ${load.rps} req/s (bare ${pooled.rps}), p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ratio ${figure.ratio}`,
    );
  }
  return figures;
}
