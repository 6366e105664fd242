import { Load } from './load';
import { readBack } from './read-back';
import { killServer, sleep, startServer, stopServer, within, type Server } from './server-process';
import { verifyAcknowledged, verifyOrphans, type Check, type Sql } from './verify';

/**
 * The crash test's two-process phase (issue 30, docs/decisions/033): two API processes on one PostgreSQL
 * database, each under the load of its own applicants, as two hosts behind a load balancer. One of them,
 * in turn, is killed with SIGKILL while the other goes on serving, and started again after a moment's
 * outage. Each applicant the killed process acknowledged last must be known at once by the survivor; the
 * survivor's applicants must see no failure at all; and at the end every acknowledged call of either is
 * in the database, whole (verify.ts), and both stop cleanly.
 */

export type PairOptions = {
  repoRoot: string;
  /** The servers' settings, DATABASE_URL included: one install, two processes. */
  env: Record<string, string>;
  open: () => Promise<Sql>;
  kills: number;
  applicantsPerServer: number;
  random: () => number;
  killAfterMs: { min: number; max: number };
  startTimeoutMs: number;
  say: (line: string) => void;
};

export type PairSummary = {
  kills: number;
  stage1: number;
  accepted: number;
  verified: number;
  cut: number;
  ms: number;
};

/** Before the killed process is started again: the survivor alone carries its load for this long. */
const OUTAGE_MS = { min: 200, max: 1000 };
const between = (random: () => number, { min, max }: { min: number; max: number }) =>
  Math.round(min + random() * (max - min));

export async function pairCrash(o: PairOptions, checks: Check[]): Promise<PairSummary> {
  const t0 = Date.now();
  const servers: Server[] = [];
  const loads = [new Load(), new Load()] as const;
  const problems: string[] = [];
  const collect = (s: Server) => problems.push(...s.problems.map((l) => `pid ${s.pid}: ${l}`));
  const readBacks = { checked: 0, failed: [] as string[] };
  let epoch = 0;

  try {
    for (const [i, load] of loads.entries()) {
      servers[i] = await startServer(o.repoRoot, o.env, o.startTimeoutMs);
      load.start(o.applicantsPerServer);
      load.open(servers[i]!.url, ++epoch);
    }
    for (let k = 1; k <= o.kills; k++) {
      const victim = k % 2;
      const survivor = 1 - victim;
      const before = loads.map((l) => l.stage1.length + l.accepted.length);
      const delay = between(o.random, o.killAfterMs);
      await sleep(delay);
      loads[victim]!.close();
      const killed = servers[victim]!;
      const exit = await killServer(killed);
      collect(killed);
      if (exit.signal !== 'SIGKILL') {
        throw new Error(
          `server ${killed.pid} ended by itself (code ${exit.code}, signal ${exit.signal}) before kill ${k}; ` +
            `its output:\n${killed.tail.join('\n')}`,
        );
      }
      // What the killed process acknowledged last, asked of the other one straight away.
      const last = loads[victim]!.stage1.at(-1);
      if (last) {
        readBacks.checked += 1;
        const problem = await readBack(servers[survivor]!, last);
        if (problem) readBacks.failed.push(`after kill ${k}: ${problem}`);
      }
      const outage = between(o.random, OUTAGE_MS);
      await sleep(outage);
      servers[victim] = await startServer(o.repoRoot, o.env, o.startTimeoutMs);
      loads[victim]!.open(servers[victim]!.url, ++epoch);
      const after = loads.map((l) => l.stage1.length + l.accepted.length);
      o.say(
        `kill ${k}/${o.kills}: process ${victim + 1} SIGKILLed ${delay} ms into the load, restarted after ` +
          `${outage} ms; acknowledged meanwhile by it +${after[victim]! - before[victim]!}, by the other ` +
          `+${after[survivor]! - before[survivor]!}`,
      );
    }
    await sleep(between(o.random, o.killAfterMs));
  } finally {
    // Both servers are up (or the run failed): what is in flight finishes and is counted.
    for (const load of loads) load.close();
    await within(15_000, 'applicant loops to stop', Promise.all(loads.map((l) => l.stop())));
  }

  const stage1 = loads.flatMap((l) => l.stage1);
  const accepted = loads.flatMap((l) => l.accepted);
  checks.push({
    name: 'both processes acknowledged calls (something to verify)',
    ok: loads.every((l) => l.stage1.length > 0 && l.accepted.length > 0),
    detail: loads
      .map((l, i) => `process ${i + 1}: ${l.stage1.length} SubmitStage1, ${l.accepted.length} AcceptQuote`)
      .join('; '),
  });

  const sql = await o.open();
  const { verified } = await (async () => {
    const acknowledged = await verifyAcknowledged(sql, stage1, accepted);
    checks.push(...acknowledged.checks);
    checks.push(await verifyOrphans(sql));
    return acknowledged;
  })().finally(() => sql.close());

  checks.push({
    name: `${o.kills} SIGKILLs of one of two processes, and the other knew at once what the killed one acknowledged last`,
    ok: readBacks.checked > 0 && readBacks.failed.length === 0,
    detail:
      readBacks.failed.length === 0
        ? `${readBacks.checked} of ${o.kills} kills checked`
        : readBacks.failed.slice(0, 10).join(' | '),
  });

  const stops = await Promise.all(servers.map((s) => stopServer(s)));
  for (const s of servers) collect(s);
  checks.push({
    name: 'both processes stop cleanly on SIGTERM (exit code 0)',
    ok: stops.every((e) => e.code === 0),
    detail: stops.map((e) => `code ${e.code}, signal ${e.signal}`).join('; '),
  });
  checks.push({
    name: 'the other process answered every call while one was killed; no server error (only kills cut calls off)',
    ok: loads.every((l) => l.unexpected.length === 0) && problems.length === 0,
    detail:
      loads.every((l) => l.unexpected.length === 0) && problems.length === 0
        ? `${loads[0].calls + loads[1].calls} calls sent by ${o.applicantsPerServer * 2} applicants`
        : [...loads.flatMap((l) => l.unexpected), ...problems].slice(0, 10).join(' | '),
  });

  return {
    kills: o.kills,
    stage1: stage1.length,
    accepted: accepted.length,
    verified,
    cut: loads[0].cut + loads[1].cut,
    ms: Date.now() - t0,
  };
}
