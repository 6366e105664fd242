import autocannon, { type Options, type Result } from 'autocannon';
import { API_CALLS, callLabel, type ApiCall, type Fixture } from './api-calls';
import { callApi, describe, route, succeeded } from './http';
import { round, signedInApplicant } from './journeys';
import { errorText, log, onCleanup, sleep, withTimeout } from './lifecycle';
import type { RunningServer } from './server';

export { API_CALLS, type ApiCall, type Fixture } from './api-calls';

export type Load = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

/** CPU time per answered request during a window, in ms: the server process and the load generator. */
export type CpuPerRequest = { server: number; loadGenerator: number };

/** One route sent at a fixed rate: what the server and the load generator spent on each request. */
export type FixedRateFigure = {
  /** Requests per second asked of autocannon (overallRate). */
  targetRps: number;
  /** Answered requests per second over the window (requests answered / the window's seconds). */
  answeredRps: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest: CpuPerRequest;
};

export type ApiFigure = {
  call: string;
  path: string;
  /** 'bare': GET /api/health, the constant answer every call is compared with. */
  kind: 'read' | 'write' | 'bare';
  /** 'not-built': the call answers 501, so there is nothing to measure yet (and no budget to meet). */
  status: 'measured' | 'skipped' | 'not-built';
  reason?: string;
  /** As fast as 50 connections go (open loop): requests per second and latency. */
  load?: Load;
  /** At the fixed rate: CPU per request (the bare route's pools its runs before and after the calls). */
  fixedRate?: FixedRateFigure;
  /** The bare route only: its fixed-rate runs before the first call and after the last. */
  fixedRateRuns?: FixedRateFigure[];
  /** The server's CPU per request at the fixed rate over the bare route's, in the same run. */
  cpuMultiple?: number;
};

export type ApiBenchOptions = {
  connections: number;
  seconds: number;
  bareSeconds: number;
  warmupSeconds: number;
  /** Every route at the same rate, low enough for the machine to hold it for the slowest call. */
  fixedRate: { rps: number; seconds: number };
};

/** The name the bare route goes by in the figures. */
export const BARE_ROUTE = 'Health (bare route)';

/**
 * A fixed-rate window whose answered rate fell more than this far below the target did not measure at the
 * rate it says (the machine could not keep up): its figures are reported and its budget missed.
 */
export const RATE_HELD_FRACTION = 0.95;

export const rateHeld = (f: FixedRateFigure) => f.answeredRps >= RATE_HELD_FRACTION * f.targetRps;

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

/**
 * autocannon's rate limit lets each connection send its share of a second at once and then wait for the
 * next second: one burst a second, the server saturated for part of it. So many instances are started a
 * fraction of a second apart, each with that fraction of the rate and of the connections: as many bursts
 * a second, each that much smaller, close to a steady rate.
 */
export const RATE_STAGGER = 10;

/** Part `i` of `n` split into `parts` whole numbers that add up to it. */
const share = (n: number, i: number, parts: number) => Math.floor(n / parts) + (i < n % parts ? 1 : 0);

/**
 * `options` sent at `rps` requests a second for `seconds`, with the CPU time the server process (utime +
 * stime from /proc/<pid>/stat) and the bench process (autocannon runs in it) used meanwhile, per answered
 * request. Nothing is subtracted: each figure is what that process spent, divided by the requests answered.
 */
export async function atFixedRate(
  server: Pick<RunningServer, 'cpuSeconds'>,
  options: Options,
  rate: ApiBenchOptions['fixedRate'],
): Promise<FixedRateFigure> {
  const connections = options.connections ?? 10;
  const parts = Math.min(RATE_STAGGER, rate.rps, connections);
  // Let the open-loop run before this one finish its garbage collection outside the window.
  await sleep(500);
  const serverBefore = server.cpuSeconds();
  const ownBefore = process.cpuUsage();
  const runs: Promise<Result>[] = [];
  for (let i = 0; i < parts; i++) {
    runs.push(
      runAutocannon({
        ...options,
        connections: share(connections, i, parts),
        overallRate: share(rate.rps, i, parts),
        duration: rate.seconds,
      }),
    );
    if (i < parts - 1) await sleep(1000 / parts);
  }
  // Every instance ends (each is bounded by runAutocannon) before a failure is reported.
  const settled = await Promise.allSettled(runs);
  const own = process.cpuUsage(ownBefore);
  const serverSeconds = server.cpuSeconds() - serverBefore;
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const results = settled.map((r) => (r as PromiseFulfilledResult<Result>).value);
  const sum = (pick: (r: Result) => number) => results.reduce((n, r) => n + pick(r), 0);
  const requests = sum((r) => r.requests.total);
  const answered = Math.max(1, requests);
  return {
    targetRps: rate.rps,
    // Each instance's answers over its own run: the window as a whole also holds the staggered starts.
    answeredRps: round(
      sum((r) => r.requests.total / Math.max(r.duration, 0.001)),
      0,
    ),
    requests,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    cpuMsPerRequest: {
      server: round((serverSeconds * 1000) / answered, 3),
      loadGenerator: round((own.user + own.system) / 1000 / answered, 3),
    },
  };
}

/** The bare route's fixed-rate runs as one: all the CPU over all the requests (each ratio kept exact). */
export function poolFixedRate(runs: FixedRateFigure[]): FixedRateFigure {
  const sum = (pick: (f: FixedRateFigure) => number) => runs.reduce((n, f) => n + pick(f), 0);
  const requests = sum((f) => f.requests);
  const perRequest = (pick: (f: FixedRateFigure) => number) =>
    round(sum((f) => pick(f) * f.requests) / Math.max(1, requests), 3);
  return {
    targetRps: runs[0]!.targetRps,
    answeredRps: Math.min(...runs.map((f) => f.answeredRps)),
    requests,
    non2xx: sum((f) => f.non2xx),
    errors: sum((f) => f.errors),
    cpuMsPerRequest: {
      server: perRequest((f) => f.cpuMsPerRequest.server),
      loadGenerator: perRequest((f) => f.cpuMsPerRequest.loadGenerator),
    },
  };
}

/** What went wrong in a measured figure's runs, if anything: error answers, or a rate not held. */
function problems(load: Load | undefined, fixed: FixedRateFigure | undefined): string | undefined {
  const found: string[] = [];
  if (load && (load.non2xx > 0 || load.errors > 0))
    found.push(`${load.non2xx} non-2xx answers and ${load.errors} errors or timeouts at 50 connections`);
  if (fixed && (fixed.non2xx > 0 || fixed.errors > 0))
    found.push(`${fixed.non2xx} non-2xx answers and ${fixed.errors} errors or timeouts at the fixed rate`);
  if (fixed && !rateHeld(fixed))
    found.push(`the fixed rate was not held: ${fixed.answeredRps} of ${fixed.targetRps} req/s answered`);
  return found.length > 0 ? found.join('; ') : undefined;
}

/**
 * The API section on one server: the bare route, then each call of API_CALLS, each first as fast as
 * `connections` go (requests per second, p50, p99) and then at the same fixed rate (CPU per request);
 * the bare route at the fixed rate again after the last call, so that a drift in the machine's load
 * shows in its two runs.
 */
export async function runApiBench(server: RunningServer, opts: ApiBenchOptions): Promise<ApiFigure[]> {
  const fixture = await signedInApplicant(server.baseUrl);
  const bare = bareOptions(server.baseUrl, opts.connections, opts.bareSeconds);
  const bareFigure: ApiFigure = { call: BARE_ROUTE, path: '/api/health', kind: 'bare', status: 'measured' };
  await runAutocannon({ ...bare, duration: opts.warmupSeconds });
  bareFigure.load = toLoad(await runAutocannon(bare));
  const bareRuns = [await atFixedRate(server, bare, opts.fixedRate)];
  log(
    `API bare route: ${bareFigure.load.rps} req/s, p99 ${bareFigure.load.p99Ms} ms; at ${opts.fixedRate.rps} req/s ` +
      `CPU ms per request ${JSON.stringify(bareRuns[0]!.cpuMsPerRequest)}`,
  );

  const figures: ApiFigure[] = [];
  for (const entry of API_CALLS) {
    const { path } = route(entry.call);
    const name = callLabel(entry.call);
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
    await runAutocannon({ ...callOptions, duration: opts.warmupSeconds });
    const load = toLoad(await runAutocannon(callOptions));
    const fixedRate = await atFixedRate(server, callOptions, opts.fixedRate);
    const reason = problems(load, fixedRate);
    figures.push({ ...base, status: 'measured', load, fixedRate, ...(reason ? { reason } : {}) });
    log(
      `API ${name}: ${load.rps} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms; at ${opts.fixedRate.rps} req/s ` +
        `CPU ms per request ${JSON.stringify(fixedRate.cpuMsPerRequest)}${reason ? ` (${reason})` : ''}`,
    );
  }

  bareRuns.push(await atFixedRate(server, bare, opts.fixedRate));
  bareFigure.fixedRate = poolFixedRate(bareRuns);
  bareFigure.fixedRateRuns = bareRuns;
  const bareReason = [problems(bareFigure.load, bareRuns[0]), problems(undefined, bareRuns[1])]
    .filter(Boolean)
    .join('; ');
  if (bareReason) bareFigure.reason = bareReason;
  const bareCpu = bareFigure.fixedRate.cpuMsPerRequest.server;
  log(`API bare route after the calls: CPU ms per request ${JSON.stringify(bareRuns[1]!.cpuMsPerRequest)}`);
  for (const f of figures) {
    if (f.fixedRate && bareCpu > 0) f.cpuMultiple = round(f.fixedRate.cpuMsPerRequest.server / bareCpu, 2);
  }
  return [bareFigure, ...figures];
}
