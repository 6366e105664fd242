import type { CallName } from '@lender/contract/api-calls';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { callApi, describe, percentile, succeeded, type CallResult } from './http';
import { log, sleep, withTimeout } from './lifecycle';
import type { RunningServer } from './server';
import type { LoopbackAgency } from './loopback-agency';
import { measureStage1OverAgency, type Stage1SearchFigures } from './stage1-search';

type QuoteInputs = { period: number; amount: number; repaymentDate: string; wageFrequencyID: number };

/** What one synthetic applicant carries from call to call. */
export type Applicant = {
  baseUrl: string;
  /** The applicant's own address, named to the server as a proxy would (server.ts, clientsBehindProxy). */
  address?: string;
  token?: string;
  quote?: QuoteInputs;
  chosen?: QuoteInputs;
};

type Step = { name: string; call: CallName; run(a: Applicant): Promise<CallResult> };

function object<T>(r: CallResult): T {
  return r.body?.object as T;
}

/**
 * The application calls in the order the web app makes them. A later stage is one more entry here
 * (SubmitStage2 with a card, ...): the runner, the figures and the table follow the list.
 */
export const JOURNEY_STEPS: Step[] = [
  {
    name: 'SubmitStage1',
    call: 'submitStage1',
    async run(a) {
      const r = await callApi(a.baseUrl, 'submitStage1', {
        body: createStage1Payload(),
        forwardedFor: a.address,
      });
      if (succeeded(r)) a.token = object<{ token: string }>(r).token;
      return r;
    },
  },
  {
    name: 'GetQuote',
    call: 'getQuote',
    async run(a) {
      const r = await callApi(a.baseUrl, 'getQuote', { token: a.token!, forwardedFor: a.address });
      if (succeeded(r)) {
        const q = object<QuoteInputs>(r);
        a.quote = {
          period: q.period,
          amount: q.amount,
          repaymentDate: q.repaymentDate,
          wageFrequencyID: q.wageFrequencyID,
        };
      }
      return r;
    },
  },
  {
    name: 'CalculateQuote',
    call: 'calculateQuote',
    async run(a) {
      // The applicant moves the sliders: a bigger loan over one more month.
      const chosen = { ...a.quote!, amount: 500, period: Math.min(6, a.quote!.period + 1) };
      const r = await callApi(a.baseUrl, 'calculateQuote', {
        body: chosen,
        token: a.token!,
        forwardedFor: a.address,
      });
      if (succeeded(r)) a.chosen = chosen;
      return r;
    },
  },
  {
    name: 'AcceptQuote',
    call: 'acceptQuote',
    run: (a) =>
      callApi(a.baseUrl, 'acceptQuote', { body: a.chosen!, token: a.token!, forwardedFor: a.address }),
  },
];

/** An applicant who has passed stage 1 and seen the quote: what the signed-in API figures need. */
export async function signedInApplicant(
  baseUrl: string,
): Promise<Required<Pick<Applicant, 'token' | 'quote'>>> {
  const a: Applicant = { baseUrl };
  for (const step of JOURNEY_STEPS.slice(0, 2)) {
    const r = await step.run(a);
    if (!succeeded(r)) throw new Error(`${step.name} for the API fixture: ${describe(r)}`);
  }
  return { token: a.token!, quote: a.quote! };
}

export type CallFigures = { call: string; count: number; failed: number; p50Ms: number; p99Ms: number };

export type JourneyFigures = {
  /** The database, and the processes when more than one: `postgres`, `postgres x2`. */
  database: string;
  /** Server processes the applicants were split between. */
  processes?: number;
  concurrency: number;
  durationSeconds: number;
  completed: number;
  failed: number;
  journeysPerSecond: number;
  calls: CallFigures[];
  memory: { rssBeforeMb: number; rssAfterMb: number; peakRssMb: number };
  /** The credit reference agency's own answer times to stage 1's searches (a loopback TLS sandbox). */
  agency?: { searches: number; p50Ms: number; p99Ms: number };
  /** Stage 1 alone at a fixed rate after the journeys: its time on top of each search (issue 47's budget). */
  stage1Search?: Stage1SearchFigures;
  firstFailure?: string;
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The servers' memory added up: what the processes take together on the host. */
const memoryOf = (servers: RunningServer[]) =>
  servers
    .map((s) => s.memory())
    .reduce((sum, m) => ({ rss: sum.rss + m.rss, peakRss: sum.peakRss + m.peakRss }), { rss: 0, peakRss: 0 });

/**
 * N applicants at once, each going through JOURNEY_STEPS again and again until the time is up; a
 * journey counts when every call answered errorID 0. The servers' memory is read before and after.
 * With several servers (processes on one database, as behind a load balancer) applicant i always
 * talks to server i mod n, so each carries the same share and a journey stays on one process.
 */
export async function runJourneys(
  given: RunningServer | RunningServer[],
  opts: {
    concurrency: number;
    durationMs: number;
    warmupMs: number;
    /** The credit reference agency stage 1 searches (issue 47): its own answer times of the recorded run. */
    agency?: Pick<LoopbackAgency, 'searchMs' | 'searchMsOf' | 'clear'>;
    /** Stage 1's applications per second in the fixed-rate run after the journeys (with an agency). */
    stage1RatePerSecond?: number;
  },
): Promise<JourneyFigures> {
  const servers = Array.isArray(given) ? given : [given];
  const server = servers[0]!;
  const label = servers.length > 1 ? `${server.database} x${servers.length}` : server.database;
  const before = memoryOf(servers);
  const latencies = new Map<string, number[]>(JOURNEY_STEPS.map((s) => [s.name, []]));
  const failures = new Map<string, number>(JOURNEY_STEPS.map((s) => [s.name, 0]));
  let completed = 0;
  let failed = 0;
  let firstFailure: string | undefined;

  // Each journey from an address of its own, as applicants are: a limit per address holds one event
  // per key, as in production, not the whole load's (a count over thousands of events a hit).
  let journeys = 0;
  const journey = async (record: boolean, baseUrl: string) => {
    const n = journeys++;
    const a: Applicant = { baseUrl, address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    for (const step of JOURNEY_STEPS) {
      let r: CallResult;
      try {
        r = await step.run(a);
      } catch (err) {
        r = { status: 0, body: { error: { errorID: -1, errorMessage: String(err) } }, ms: Number.NaN };
      }
      if (!succeeded(r)) {
        if (record) {
          failed++;
          failures.set(step.name, failures.get(step.name)! + 1);
          firstFailure ??= `${step.name}: ${describe(r)}`;
        }
        return;
      }
      if (record) latencies.get(step.name)!.push(r.ms);
    }
    if (record) completed++;
  };

  const runFor = async (ms: number, record: boolean) => {
    const started = performance.now();
    const deadline = started + ms;
    const worker = async (baseUrl: string) => {
      // Bounded even if every call failed instantly.
      for (let i = 0; i < 100_000 && performance.now() < deadline; i++) await journey(record, baseUrl);
    };
    await withTimeout(
      Promise.all(
        Array.from({ length: opts.concurrency }, (_, i) => worker(servers[i % servers.length]!.baseUrl)),
      ),
      ms + 60_000,
      `journeys on ${label}`,
    );
    return (performance.now() - started) / 1000;
  };

  if (opts.warmupMs > 0) await runFor(opts.warmupMs, false);
  opts.agency?.clear();
  const seconds = await runFor(opts.durationMs, true);
  const agencyMs = [...(opts.agency?.searchMs() ?? [])].sort((x, y) => x - y);
  await sleep(200);
  const after = memoryOf(servers);
  const stage1Search =
    opts.agency && opts.stage1RatePerSecond
      ? await measureStage1OverAgency(servers, opts.agency, {
          ratePerSecond: opts.stage1RatePerSecond,
          seconds: opts.durationMs / 1000,
          // Addresses after the journeys' own, so no per-address limit counts the two runs together.
          addressFrom: journeys,
        })
      : undefined;

  const calls = JOURNEY_STEPS.map((s) => {
    const sorted = latencies.get(s.name)!.sort((x, y) => x - y);
    return {
      call: s.name,
      count: sorted.length,
      failed: failures.get(s.name)!,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
    };
  });
  const figures: JourneyFigures = {
    database: label,
    ...(servers.length > 1 ? { processes: servers.length } : {}),
    concurrency: opts.concurrency,
    durationSeconds: round(seconds),
    completed,
    failed,
    journeysPerSecond: round(completed / seconds),
    calls,
    memory: { rssBeforeMb: mb(before.rss), rssAfterMb: mb(after.rss), peakRssMb: mb(after.peakRss) },
    ...(agencyMs.length > 0
      ? {
          agency: {
            searches: agencyMs.length,
            p50Ms: round(percentile(agencyMs, 50)),
            p99Ms: round(percentile(agencyMs, 99)),
          },
        }
      : {}),
    ...(stage1Search ? { stage1Search } : {}),
    ...(firstFailure ? { firstFailure } : {}),
  };
  log(
    `journeys on ${label}: ${figures.journeysPerSecond}/s (${completed} completed, ${failed} failed), RSS ${figures.memory.rssBeforeMb} -> ${figures.memory.rssAfterMb} MB`,
  );
  return figures;
}

export const round = (n: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
