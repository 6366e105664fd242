import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { callApi, describe, percentile, succeeded } from './http';
import { log, withTimeout } from './lifecycle';
import type { LoopbackAgency } from './loopback-agency';
import type { RunningServer } from './server';

/**
 * Stage 1's own time on top of its credit search (issue 47: "p99 ≤ 50 ms of server time on top of the
 * agency's own answer time"), per application: its answer time less the agency's answer time to that
 * application's search, matched by a surname made for it.
 *
 * Measured at a fixed arrival rate, not by the journeys' 20 applicants in a closed loop: those keep two
 * cores saturated, so their p99 is the queue behind other applicants' calls (stage 1 on PostgreSQL was
 * 78 ms at p99 before it searched anything), which says how much the machine carries, not what a search
 * costs an applicant.
 */
export type Stage1SearchFigures = {
  ratePerSecond: number;
  sent: number;
  failed: number;
  /** Applications whose search the agency timed: the figures are over these. */
  matched: number;
  stage1P99Ms: number;
  agencyP99Ms: number;
  /** Per application, stage 1's answer time less its search's: the server's share. */
  overAgencyP50Ms: number;
  overAgencyP99Ms: number;
  firstFailure?: string;
};

/** A surname of letters only, unique to the run, that the sandbox answers with a clean file. */
const surnameOf = (n: number) =>
  `Bench${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;

export async function measureStage1OverAgency(
  servers: RunningServer[],
  agency: Pick<LoopbackAgency, 'searchMsOf'>,
  opts: { ratePerSecond: number; seconds: number; addressFrom: number },
): Promise<Stage1SearchFigures> {
  const count = Math.round(opts.ratePerSecond * opts.seconds);
  const gapMs = 1000 / opts.ratePerSecond;
  const started = performance.now();
  let failed = 0;
  let firstFailure: string | undefined;
  const over: number[] = [];
  const totals: number[] = [];
  const agencyTimes: number[] = [];

  const one = async (i: number) => {
    // An open loop: each application leaves at its time whether or not the last one was answered.
    const wait = started + i * gapMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const lastName = surnameOf(i);
    const n = opts.addressFrom + i;
    const r = await callApi(servers[i % servers.length]!.baseUrl, 'submitStage1', {
      body: createStage1Payload({ lastName }),
      forwardedFor: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    }).catch((err: unknown) => ({
      status: 0,
      body: { error: { errorID: -1, errorMessage: String(err) } },
      ms: 0,
    }));
    if (!succeeded(r)) {
      failed++;
      firstFailure ??= describe(r);
      return;
    }
    const searched = agency.searchMsOf(lastName);
    if (searched === undefined) return;
    totals.push(r.ms);
    agencyTimes.push(searched);
    over.push(r.ms - searched);
  };
  await withTimeout(
    Promise.all(Array.from({ length: count }, (_, i) => one(i))),
    opts.seconds * 1000 + 60_000,
    'stage 1 at a fixed rate',
  );
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const figures: Stage1SearchFigures = {
    ratePerSecond: opts.ratePerSecond,
    sent: count,
    failed,
    matched: over.length,
    stage1P99Ms: r1(percentile(sorted(totals), 99)),
    agencyP99Ms: r1(percentile(sorted(agencyTimes), 99)),
    overAgencyP50Ms: r1(percentile(sorted(over), 50)),
    overAgencyP99Ms: r1(percentile(sorted(over), 99)),
    ...(firstFailure ? { firstFailure } : {}),
  };
  log(
    `stage 1 at ${opts.ratePerSecond}/s: over its search p50 ${figures.overAgencyP50Ms} ms, p99 ${figures.overAgencyP99Ms} ms (${figures.matched} of ${count} matched, ${failed} failed)`,
  );
  return figures;
}
