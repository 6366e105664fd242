/**
 * Crash test (`npm run test:crash`, through scripts/crash/run.sh for the PostgreSQL cluster).
 *
 * For each database: the API runs as a direct child process under the load of concurrent applicants
 * (SubmitStage1 -> GetQuote -> AcceptQuote over loopback HTTP) and is killed with SIGKILL at a random
 * moment, then restarted on the same database, KILLS times; each restarted server must still know the
 * applicant acknowledged last before its kill (session and application). Every call that answered
 * errorID 0 must then be in the database, nothing may be half written, the database must be consistent
 * (SQLite: its integrity and foreign key pragmas; PostgreSQL: no orphaned rows), and the server must
 * start once more, answer /api/health and a fresh SubmitStage1, and stop cleanly.
 *
 * Then, on PostgreSQL, two processes on one database, each under its own applicants' load (pair-crash.ts,
 * issue 30): one of them, in turn, is killed and started again while the other goes on serving; the
 * other must know at once what the killed one acknowledged last and answer every call meanwhile, and
 * the same checks of the database follow.
 *
 * Then, for each database, the close-of-business phase (cob-crash.ts, issue 25): the ops command closing
 * a seeded book of loans through their first due date and retry day is killed with SIGKILL at random
 * moments, restarted each time, and must end with nobody charged twice and the same ledger as an
 * uninterrupted run.
 *
 * Usage: node --import tsx scripts/crash/crash-test.ts [--only sqlite|postgres] [--only-cob]
 * PostgreSQL is tested on TEST_DATABASE_URL (run.sh sets it to a throwaway cluster); without it, pass
 * --only sqlite. --only-cob runs the close-of-business phase alone. Settings: CRASH_KILLS (10),
 * CRASH_APPLICANTS (8; half per process in the two-process phase), CRASH_PAIR_KILLS (4), CRASH_COB_LOANS
 * (600), CRASH_COB_KILLS (5), CRASH_SEED (random, printed: it
 * repeats the kill moments and the declining loans), CRASH_DEADLINE_S (420: the whole run fails past it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { UNUSED_PRODUCTION_SERVICES } from '../../apps/api/src/test/unused-card-provider';
import { cobCrash, type CobDatabase, type CobSummary } from './cob-crash';
import { Load } from './load';
import { pairCrash, type PairSummary } from './pair-crash';
import { readBack } from './read-back';
import {
  killAllServers,
  killServer,
  sleep,
  startServer,
  stopServer,
  within,
  type Server,
} from './server-process';
import {
  openPostgres,
  openSqlite,
  verifyAcknowledged,
  verifyOneCustomer,
  verifyOrphans,
  verifySqliteFile,
  type Check,
  type Sql,
} from './verify';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const intSetting = (name: string, fallback: number, min: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${raw}`);
  return n;
};

const KILLS = intSetting('CRASH_KILLS', 10, 1);
const APPLICANTS = intSetting('CRASH_APPLICANTS', 8, 1);
const COB_LOANS = intSetting('CRASH_COB_LOANS', 600, 10);
const COB_KILLS = intSetting('CRASH_COB_KILLS', 5, 1);
/**
 * Kills in the two-process phase (PostgreSQL): each of the two processes is killed in turn. A restart
 * beside the other's load takes 5 to 7 s on 2 cores, so each kill costs about 9 s of the run.
 */
const PAIR_KILLS = intSetting('CRASH_PAIR_KILLS', 4, 1);
const DEADLINE_S = intSetting('CRASH_DEADLINE_S', 420, 10);
const SEED = intSetting('CRASH_SEED', crypto.randomInt(1, 2 ** 31), 0);
const KILL_AFTER_MS = { min: 200, max: 1500 };
const START_TIMEOUT_MS = 45_000;
const REQUEST_TIMEOUT_MS = 10_000;

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
const onlyCob = process.argv.includes('--only-cob');
if (only !== undefined && only !== 'sqlite' && only !== 'postgres') {
  console.error('usage: crash-test.ts [--only sqlite|postgres] [--only-cob]');
  process.exit(2);
}

/** mulberry32: the kill moments repeat for a given CRASH_SEED. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);

// Everything this run leaves behind is removed on every way out: normal end, failure, signal, deadline.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
const asyncCleanups: Array<() => Promise<void>> = [];
process.on('exit', () => {
  killAllServers();
  fs.rmSync(tmp, { recursive: true, force: true });
});
let exiting = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  // `on`, not `once`: a second signal (timeout signals the whole group, with-postgres.sh forwards one
  // more) must not find the default handler and end the process halfway through the cleanup.
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    console.error(`crash test: ${signal}, stopping`);
    process.exit(code);
  });
}
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
setTimeout(() => {
  console.error(`crash test: FAILED, the run passed its deadline of ${DEADLINE_S} s (CRASH_DEADLINE_S)`);
  process.exit(1);
}, DEADLINE_S * 1000).unref();

// Production settings, so the server runs as deployed; the keys stay the same across restarts.
const serverEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  DATA_KEY: crypto.randomBytes(32).toString('hex'),
  ...UNUSED_PRODUCTION_SERVICES,
  // Every applicant of the run comes from 127.0.0.1.
  STAGE1_PER_ADDRESS: '1000000',
  LOGIN_FAILURES_PER_ADDRESS: '1000000',
  WEB_DIST: path.join(tmp, 'no-web-build'),
  DOCUMENTS_DIR: path.join(tmp, 'documents'),
  MAINTENANCE_MODE: 'false',
};

type Target = { label: 'sqlite' | 'postgres'; databaseUrl: string; open: () => Promise<Sql> };

type Summary = {
  label: string;
  kills: number;
  stage1: number;
  accepted: number;
  verified: number;
  cut: number;
  ms: number;
};

async function freshSubmit(server: Server) {
  const payload = createStage1Payload();
  const res = await fetch(`${server.url}/api/Register/SubmitStage1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as { error?: { errorID?: number; errorMessage?: string } };
  return {
    email: payload.email,
    status: res.status,
    errorID: body.error?.errorID,
    message: body.error?.errorMessage,
  };
}

async function crashDatabase(target: Target, checks: Check[]): Promise<Summary> {
  const t0 = Date.now();
  const say = (line: string) => console.log(`[${target.label}] ${line}`);
  const env = { ...serverEnv, DATABASE_URL: target.databaseUrl };
  const load = new Load();
  const serverProblems: string[] = [];
  let warnings = 0;
  const collect = (s: Server) => {
    serverProblems.push(...s.problems.map((l) => `pid ${s.pid}: ${l}`));
    warnings += s.warnings;
  };

  // After each kill: the applicant acknowledged last before it, read back through the next server.
  const readBacks = { checked: 0, failed: [] as string[] };
  const checkReadBack = async (server: Server, afterKill: number) => {
    const last = load.stage1.at(-1);
    if (!last) return;
    readBacks.checked += 1;
    const problem = await readBack(server, last);
    if (problem) readBacks.failed.push(`after kill ${afterKill}: ${problem}`);
  };

  load.start(APPLICANTS);
  try {
    for (let k = 1; k <= KILLS; k++) {
      const server = await startServer(repoRoot, env, START_TIMEOUT_MS);
      const upMs = Date.now() - server.startMs;
      if (k > 1) await checkReadBack(server, k - 1);
      const before = { stage1: load.stage1.length, accepted: load.accepted.length, cut: load.cut };
      load.open(server.url, k);
      const delay = Math.round(KILL_AFTER_MS.min + random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      await sleep(delay);
      load.close();
      const exit = await killServer(server);
      collect(server);
      if (exit.signal !== 'SIGKILL') {
        throw new Error(
          `server ${server.pid} ended by itself (code ${exit.code}, signal ${exit.signal}) before kill ${k}; ` +
            `its output:\n${server.tail.join('\n')}`,
        );
      }
      // The kill has happened: whatever was still in flight fails now; give the loops a moment to see it.
      await sleep(20);
      say(
        `kill ${k}/${KILLS}: up in ${seconds(upMs)}, SIGKILL ${delay} ms into the load; acknowledged ` +
          `+${load.stage1.length - before.stage1} SubmitStage1, +${load.accepted.length - before.accepted} ` +
          `AcceptQuote; ${load.cut - before.cut} calls cut off`,
      );
    }
  } finally {
    await within(15_000, 'applicant loops to stop', load.stop());
  }

  checks.push({
    name: 'the load was acknowledged between the kills (something to verify)',
    ok: load.stage1.length > 0 && load.accepted.length > 0,
    detail: `${load.stage1.length} SubmitStage1, ${load.accepted.length} AcceptQuote`,
  });

  // Straight after the last kill, before any server touches the database again.
  const sql = await target.open();
  const { verified } = await (async () => {
    const acknowledged = await verifyAcknowledged(sql, load.stage1, load.accepted);
    checks.push(...acknowledged.checks);
    if (sql.kind === 'sqlite') checks.push(...(await verifySqliteFile(sql)));
    else checks.push(await verifyOrphans(sql));
    return acknowledged;
  })().finally(() => sql.close());

  const last = await startServer(repoRoot, env, START_TIMEOUT_MS);
  await checkReadBack(last, KILLS);
  const fresh = await freshSubmit(last);
  const alive = last.child.exitCode === null && last.child.signalCode === null;
  const stop = await stopServer(last);
  collect(last);
  checks.push({
    name: `${KILLS} SIGKILLs under load, and each restarted server still knew the applicant acknowledged last before its kill`,
    // None checked means no restart had an acknowledged applicant to look for: nothing was shown.
    ok: readBacks.checked > 0 && readBacks.failed.length === 0,
    detail:
      readBacks.failed.length === 0
        ? `${readBacks.checked} of ${KILLS} restarts checked` +
          (readBacks.checked < KILLS ? ' (before the others nothing was acknowledged yet)' : '') +
          `; ${load.calls} calls sent by ${APPLICANTS} applicants`
        : readBacks.failed.slice(0, 10).join(' | '),
  });
  checks.push({
    name: 'the server starts once more after the last kill and answers /api/health',
    ok: alive && last.problems.length === 0,
    detail:
      `pid ${last.pid}, up in ${seconds(Date.now() - last.startMs)}` +
      (last.problems.length ? `, logged: ${last.problems.join(' | ')}` : ''),
  });
  const after = await target.open();
  const stored = await verifyOneCustomer(after, fresh.email).finally(() => after.close());
  checks.push({
    name: 'a fresh SubmitStage1 answers errorID 0 and is stored',
    ok: fresh.status === 200 && fresh.errorID === 0 && stored,
    detail: `HTTP ${fresh.status}, errorID ${fresh.errorID}${fresh.message ? ` "${fresh.message}"` : ''}, stored: ${stored}`,
  });
  checks.push({
    name: 'the server stops cleanly on SIGTERM (exit code 0)',
    ok: stop.code === 0,
    detail: `code ${stop.code}, signal ${stop.signal}`,
  });
  checks.push({
    name: 'no unexpected answer or server error during the run (only kills cut calls off)',
    ok: load.unexpected.length === 0 && serverProblems.length === 0,
    detail:
      load.unexpected.length + serverProblems.length === 0
        ? `${warnings} warnings logged`
        : [...load.unexpected, ...serverProblems].slice(0, 10).join(' | '),
  });

  return {
    label: target.label,
    kills: KILLS,
    stage1: load.stage1.length,
    accepted: load.accepted.length,
    verified,
    cut: load.cut,
    ms: Date.now() - t0,
  };
}

async function sqliteTarget(name = 'lender'): Promise<Target> {
  const file = path.join(tmp, `${name}.sqlite`);
  return { label: 'sqlite', databaseUrl: `sqlite:${file}`, open: async () => openSqlite(file) };
}

/** A database of its own in the cluster of TEST_DATABASE_URL (empty, or a copy of `template`), dropped at the end. */
async function postgresTarget(baseUrl: string, template?: string): Promise<Target> {
  const name = `crash_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  asyncCleanups.push(async () => {
    const c = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 10_000 });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return { label: 'postgres', databaseUrl, open: () => openPostgres(databaseUrl) };
}

/** Fresh databases and copies for the close-of-business phase, on one dialect. */
function cobDatabases(label: 'sqlite' | 'postgres', pgUrl: string | undefined) {
  const asCob = (t: Target): CobDatabase => ({ url: t.databaseUrl, open: t.open });
  if (label === 'sqlite') {
    return {
      create: async (name: string) => asCob(await sqliteTarget(name)),
      copy: async (of: CobDatabase, name: string) => {
        const from = of.url.slice('sqlite:'.length);
        const target = await sqliteTarget(name);
        const to = target.databaseUrl.slice('sqlite:'.length);
        // Closed cleanly, the file holds everything; a write-ahead log left beside it goes too.
        fs.copyFileSync(from, to);
        if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${to}-wal`);
        return asCob(target);
      },
    };
  }
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  return {
    create: async () => asCob(await postgresTarget(pgUrl)),
    copy: async (of: CobDatabase) => asCob(await postgresTarget(pgUrl, new URL(of.url).pathname.slice(1))),
  };
}

async function main() {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (only !== 'sqlite' && !pgUrl) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run scripts/crash/run.sh (it starts PostgreSQL) or pass --only sqlite',
    );
  }
  console.log(
    `crash test: ${
      onlyCob
        ? ''
        : `${KILLS} kills per database, ${APPLICANTS} applicants, kill ${KILL_AFTER_MS.min}-` +
          `${KILL_AFTER_MS.max} ms after each start; `
    }close of business: ${COB_LOANS} loans, ${COB_KILLS} kills; ` +
      `seed ${SEED} (CRASH_SEED=${SEED} repeats the kill moments)`,
  );

  const checks: Check[] = [];
  const summaries: Summary[] = [];
  let pair: PairSummary | undefined;
  const cobSummaries: CobSummary[] = [];
  const labels = (['sqlite', 'postgres'] as const).filter(
    (l) => (only === undefined || only === l) && (l === 'sqlite' || pgUrl),
  );
  let error: unknown = null;
  try {
    for (const label of onlyCob ? [] : labels) {
      const target = label === 'sqlite' ? await sqliteTarget() : await postgresTarget(pgUrl!);
      const from = checks.length;
      summaries.push(await crashDatabase(target, checks));
      for (const c of checks.slice(from)) {
        console.log(`[${target.label}]   ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
      }
    }
    if (!onlyCob && labels.includes('postgres')) {
      const target = await postgresTarget(pgUrl!);
      const from = checks.length;
      try {
        pair = await pairCrash(
          {
            repoRoot,
            env: { ...serverEnv, DATABASE_URL: target.databaseUrl },
            open: target.open,
            kills: PAIR_KILLS,
            applicantsPerServer: Math.ceil(APPLICANTS / 2),
            // A stream of its own: the single-process phases' kill moments stay as they were for a seed.
            random: prng(SEED + 0x2545f491),
            killAfterMs: KILL_AFTER_MS,
            startTimeoutMs: START_TIMEOUT_MS,
            say: (line) => console.log(`[postgres pair] ${line}`),
          },
          checks,
        );
      } finally {
        for (const c of checks.slice(from)) {
          console.log(`[postgres pair]   ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
        }
      }
    }
    for (const label of labels) {
      const from = checks.length;
      try {
        cobSummaries.push(
          await cobCrash(
            {
              label,
              repoRoot,
              tmp,
              loans: COB_LOANS,
              kills: COB_KILLS,
              // A stream of its own per database: --only-cob repeats the moments of a whole run's seed.
              random: prng(SEED + (label === 'sqlite' ? 0x9e3779b9 : 0x7f4a7c15)),
              ...cobDatabases(label, pgUrl),
            },
            checks,
          ),
        );
      } finally {
        for (const c of checks.slice(from)) {
          console.log(`[${label} cob]   ${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
        }
      }
    }
  } catch (err) {
    error = err;
  } finally {
    for (const cleanup of asyncCleanups.splice(0)) {
      await within(15_000, 'database cleanup', cleanup()).catch((e: unknown) =>
        console.error(`cleanup: ${e instanceof Error ? e.message : String(e)}`),
      );
    }
  }

  console.log('');
  for (const s of summaries) {
    console.log(
      `${s.label}: ${s.kills} kills; acknowledged ${s.stage1} SubmitStage1 + ${s.accepted} AcceptQuote; ` +
        `${s.verified} of them verified present; ${s.cut} calls cut off by kills (not counted); ${seconds(s.ms)}`,
    );
  }
  if (pair) {
    console.log(
      `postgres, two processes: ${pair.kills} kills of one of them; acknowledged ${pair.stage1} SubmitStage1 + ` +
        `${pair.accepted} AcceptQuote; ${pair.verified} of them verified present; ${pair.cut} calls cut off by ` +
        `kills (not counted); ${seconds(pair.ms)}`,
    );
  }
  for (const s of cobSummaries) {
    console.log(
      `${s.label} close of business: ${s.loans} loans (${s.declining} declining), ${s.days} days; ${s.landed} of ` +
        `${s.kills} kills landed mid-run, ${s.refused} restarts refused by the killed run's lock; ` +
        `uninterrupted run ${seconds(s.uninterruptedMs)}; ${seconds(s.ms)}`,
    );
  }
  console.log(`crash test: ${seconds(Date.now() - started)} in all, seed ${SEED}`);
  const failed = checks.filter((c) => !c.ok);
  if (error) {
    console.error(`crash test stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const c of failed) console.error(`FAILED: ${c.name}: ${c.detail}`);
  const failures = failed.length + (error ? 1 : 0);
  console.log(`${checks.length - failed.length} passed, ${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
