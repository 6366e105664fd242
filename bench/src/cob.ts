import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runAutocannon, toLoad } from './api';
import { COB_READ_CALLS, entryLabel, type ApiCall, type Fixture } from './api-calls';
import {
  SETTLE_LIMIT_SECONDS,
  type CobDatabase,
  type CobFigures,
  type CobProvider,
  type CobReadFigure,
  type CobReads,
  type CobStep,
  type CobStepName,
} from './cob-figures';
import type { CobJob, WorkerMessage } from './cob-worker';
import { callApi, describe, route, succeeded } from './http';
import { round, signedInApplicant } from './journeys';
import { errorText, log, onCleanup, sleep } from './lifecycle';
import { startPostgres } from './postgres';
import { repoRoot, startServer, tempDir } from './server';

export type CobOptions = {
  sizes: number[];
  databases: CobDatabase[];
  dueDayLimitSeconds: number;
  /** Close the last accrual-only day before the due day as well (a month of ledger rows per loan). */
  lastOrdinaryDay: boolean;
  /**
   * Who answers the charges: the card sandbox (every database), and for PostgreSQL's books also a provider
   * that approves at once (the lender's own share). The reads need the sandbox's largest book.
   */
  providers: readonly CobProvider[];
  /** The read test runs on the largest PostgreSQL book; false skips it. */
  reads: false | { connections: number; seconds: number; warmupSeconds: number; sessions: number };
  logDir: string;
};

/**
 * Applicants made through the API (SubmitStage1, GetQuote) on the book for the calls that need an
 * application waiting for its quote (CalculateQuote): the seeded customers' applications are funded.
 */
const COB_READ_APPLICANTS = 20;

/**
 * Seconds a step other than the due day may take before it is stopped: generous (it has no budget), about
 * three times what seeding 100,000 loans took on PostgreSQL on a busy machine.
 */
const stepLimitSeconds = (loans: number) => 60 + loans * 0.0025;

/**
 * What the section may add to the bench's overall time limit: per database and size, each step's share
 * (seeding, three days closed, the fill: about 2.5 ms a loan at most, as measured on a busy machine), the
 * due day's limit and a minute for starting; then the reads: the book's vacuum after the due day
 * (`SETTLE_LIMIT_SECONDS`), a minute for the sessions, the applicants and the server, and each call's
 * warm-up and run with 5 s to spare.
 */
export const cobAllowanceSeconds = (
  o: Pick<CobOptions, 'sizes' | 'databases' | 'dueDayLimitSeconds' | 'providers'> & {
    reads?: CobOptions['reads'];
  },
) =>
  60 +
  cobRuns(o).reduce((sum, r) => sum + 60 + o.dueDayLimitSeconds + r.loans * 0.0025, 0) +
  (o.reads === false || o.reads === undefined
    ? 0
    : SETTLE_LIMIT_SECONDS + 60 + COB_READ_CALLS.length * (o.reads.warmupSeconds + o.reads.seconds + 5));

/** Every book closed: each database and size against the sandbox, and PostgreSQL's with the instant provider. */
const cobRuns = (o: Pick<CobOptions, 'sizes' | 'databases' | 'providers'>) =>
  o.databases.flatMap((database) =>
    o.providers
      .filter((provider) => provider === 'sandbox' || database === 'postgres')
      .flatMap((provider) => o.sizes.map((loans) => ({ database, provider, loans }))),
  );

type WorkerResult = {
  steps: CobStep[];
  tokens?: string[];
  settledSeconds?: number;
  staff?: Extract<WorkerMessage, { kind: 'staff' }>;
  dates?: { fundedOn: string; dueDay: string };
  error?: string;
};

/**
 * Runs cob-worker.ts with `job` and the API's settings in `env`; every step has a time limit, after which
 * the worker is asked to stop (and report how far it got), then killed.
 */
function runWorker(
  job: CobJob,
  env: Record<string, string>,
  limits: { step(name: CobStepName): number },
  logFile: string,
): Promise<WorkerResult> {
  const out = fs.openSync(logFile, 'a');
  // Secrets given in the environment would win over the worker's files.
  const { DATA_KEY: _key, JWT_SECRET: _secret, ...inherited } = process.env;
  // BENCH_COB_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the workers (see README).
  const nodeArgs = (process.env.BENCH_COB_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/src/cob-worker.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', out, out, 'ipc'],
    env: { ...inherited, ...env, BENCH_COB_JOB: JSON.stringify(job) },
  });
  fs.closeSync(out);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const removeCleanup = onCleanup(`close-of-business worker (pid ${child.pid})`, kill, kill);
  const result: WorkerResult = { steps: [] };
  let timer: NodeJS.Timeout | undefined;
  let killTimer: NodeJS.Timeout | undefined;

  return new Promise<WorkerResult>((resolve) => {
    child.on('message', (m: WorkerMessage) => {
      if (m.kind === 'started') {
        clearTimeout(timer);
        const seconds = limits.step(m.step);
        timer = setTimeout(() => {
          log(`close of business: ${m.step} ${m.date} still running after ${seconds} s: stopping it`);
          child.send({ kind: 'stop' });
          killTimer = setTimeout(kill, 30_000);
        }, seconds * 1000);
      } else if (m.kind === 'step') {
        clearTimeout(timer);
        result.steps.push(m.figure);
        const f = m.figure;
        log(
          `close of business: ${f.step} ${f.date}: ${round(f.seconds, 2)} s, ${f.loans} loans` +
            `${f.partial ? ' (stopped at its time limit)' : ''}, peak RSS ${f.memory.peakRssMb} MB` +
            `${f.detail ? ` ${JSON.stringify(f.detail)}` : ''}` +
            `${f.stepSeconds ? `\n  steps (s): ${JSON.stringify(f.stepSeconds)}` : ''}`,
        );
      } else if (m.kind === 'tokens') result.tokens = m.tokens;
      else if (m.kind === 'settled') result.settledSeconds = m.seconds;
      else if (m.kind === 'staff') result.staff = m;
      else if (m.kind === 'done') result.dates = m.dates;
      else if (m.kind === 'failed') result.error = m.message.split('\n').slice(0, 6).join('\n');
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      removeCleanup();
      // Only the due day may be cut short: a book that was not seeded or closed up to it measured nothing.
      const cut = result.steps.find((s) => s.partial && s.step !== 'dueDay');
      if (!result.error && cut) result.error = `${cut.step} did not finish within its time limit`;
      if (!result.error && code !== 0 && !result.steps.some((s) => s.partial)) {
        const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
        result.error = `the worker exited (${code ?? signal}):\n${tail}`;
      }
      resolve(result);
    });
  });
}

/** The API's settings for the worker: test mode (the sandboxes answer), its secrets in files of its own. */
function apiEnv(databaseUrl: string, dir: string, keys: { dataKey: string; jwtSecret: string }) {
  const dataKeyFile = path.join(dir, 'data.key');
  const jwtSecretFile = path.join(dir, 'jwt.key');
  fs.writeFileSync(dataKeyFile, `${keys.dataKey}\n`, { mode: 0o600 });
  fs.writeFileSync(jwtSecretFile, `${keys.jwtSecret}\n`, { mode: 0o600 });
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATA_KEY_FILE: dataKeyFile,
    JWT_SECRET_FILE: jwtSecretFile,
    DOCUMENTS_DIR: path.join(dir, 'documents'),
  };
}

/**
 * The close-of-business section: for each database and size, a fresh database seeded with that many
 * active loans (all paid out on one day D), then the funding day, one ordinary day (D+1), the accrual-only
 * days up to the due day written in bulk (cob-fill.ts), and the due day, when every loan's first
 * instalment is collected from the card sandbox. Then the borrow-area reads against the real server on
 * the largest PostgreSQL book.
 */
export async function runCob(opts: CobOptions): Promise<CobFigures> {
  const figures: CobFigures = { runs: [], dueDayLimitSeconds: opts.dueDayLimitSeconds };
  const largest = Math.max(...opts.sizes);
  for (const database of opts.databases) {
    let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
    try {
      if (database === 'postgres') {
        cluster = await startPostgres();
        log(`close of business: ${cluster.version}`);
      }
      for (const { loans, provider } of cobRuns(opts).filter((r) => r.database === database)) {
        const dir = tempDir(`cob-${database}-${provider}-${loans}`);
        const keys = {
          dataKey: crypto.randomBytes(32).toString('hex'),
          jwtSecret: crypto.randomBytes(32).toString('hex'),
        };
        // A fresh database per size: a file, or a schema of its own in the bench's cluster.
        const databaseUrl =
          database === 'sqlite'
            ? `sqlite:${path.join(dir, 'cob.sqlite')}`
            : `${cluster!.url}?schema=cob_${provider}_${loans}`;
        const env = apiEnv(databaseUrl, dir, keys);
        log(`close of business: ${database}, ${loans} loans, ${provider} provider...`);
        const worker = await runWorker(
          { mode: 'close', loans, lastOrdinaryDay: opts.lastOrdinaryDay, provider },
          env,
          {
            step: (name) => (name === 'dueDay' ? opts.dueDayLimitSeconds : stepLimitSeconds(loans)),
          },
          path.join(opts.logDir, `cob-${database}-${provider}-${loans}.log`),
        );
        figures.runs.push({
          database,
          loans,
          provider,
          steps: worker.steps,
          ...(worker.dates ? { dates: worker.dates } : {}),
          ...(worker.error ? { error: worker.error } : {}),
        });
        if (worker.error) console.error(`[bench] close of business ${database} ${loans}: ${worker.error}`);

        if (
          database === 'postgres' &&
          provider === 'sandbox' &&
          loans === largest &&
          opts.reads &&
          !worker.error
        ) {
          figures.reads = await runCobReads(
            databaseUrl,
            dir,
            keys,
            loans,
            opts.reads,
            opts.logDir,
            env,
            cluster!.cpuSeconds,
          );
        }
      }
    } finally {
      cluster?.stop();
    }
  }
  return figures;
}

/**
 * Every read of COB_READ_CALLS on the real server (production mode, as the other sections run it) over the
 * seeded book: a call for a signed-in customer as one of `sessions` random seeded customers, in turn; one
 * that needs an application waiting for its quote as one of the applicants made on the book.
 */
async function runCobReads(
  databaseUrl: string,
  dir: string,
  keys: { dataKey: string; jwtSecret: string },
  loans: number,
  opts: Exclude<CobOptions['reads'], false>,
  logDir: string,
  env: Record<string, string>,
  databaseCpuSeconds?: () => number,
): Promise<CobReads> {
  const reads: CobReads = { database: 'postgres', loans, sessions: 0, calls: [] };
  const worker = await runWorker(
    { mode: 'sessions', count: opts.sessions },
    env,
    { step: () => 120 },
    path.join(logDir, 'cob-sessions.log'),
  );
  const tokens = worker.tokens ?? [];
  reads.sessions = tokens.length;
  reads.settledSeconds = worker.settledSeconds;
  log(
    `close of business reads: the book vacuumed and analysed after the due day in ${worker.settledSeconds ?? '?'} s`,
  );
  if (worker.error || tokens.length === 0) {
    reads.error = `no sessions: ${worker.error ?? 'none issued'}`;
    return reads;
  }
  const server = await startServer({
    databaseUrl,
    // The reads need no web build: the API answers without one.
    webDist: path.join(dir, 'no-web-build'),
    label: 'cob-reads',
    logDir,
    env: {
      DATA_KEY: keys.dataKey,
      JWT_SECRET: keys.jwtSecret,
      // Its own timer would start closing the book's open days in the middle of the measurement.
      COB_TIME: 'off',
    },
  });
  try {
    const applicants = await makeApplicants(server.baseUrl, COB_READ_APPLICANTS);
    const fixtures = (entry: ApiCall): Fixture[] | string => {
      if (entry.session === 'none') return [{ token: '' }];
      if (entry.session === 'customer') return tokens.map((token) => ({ token }));
      if (entry.session === 'staff') {
        const staff = worker.staff;
        if (!staff || staff.samples.length === 0) return 'no staff session';
        return staff.samples.map((c) => ({ token: '', staff: { cookie: staff.cookie, ...c } }));
      }
      return applicants.made.length > 0 ? applicants.made : `no applicants: ${applicants.error}`;
    };
    for (const entry of COB_READ_CALLS) {
      const { method, path: callPath } = route(entry.call);
      const name = entryLabel(entry);
      const figure: CobReadFigure = { call: name, path: callPath, status: 'skipped' };
      reads.calls.push(figure);
      const made = fixtures(entry);
      if (typeof made === 'string') {
        figure.reason = made;
        continue;
      }
      const sent = made.map((f) => entry.request(f));
      const probe = await callApi(server.baseUrl, entry.call, sent[0]!);
      if (!succeeded(probe)) {
        figure.reason = `probe did not succeed: ${describe(probe)}`;
        log(`close of business reads ${name}: skipped, ${describe(probe)}`);
        continue;
      }
      // Each connection goes through the requests in turn, one each.
      const requests = sent.map((req) => ({
        method,
        path: req.query ? `${callPath}?${req.query}` : callPath,
        headers: {
          accept: 'application/json',
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
          ...(req.cookie ? { cookie: req.cookie } : {}),
        },
        ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      }));
      const options = {
        url: server.baseUrl,
        requests,
        connections: opts.connections,
        timeout: 10,
      };
      await runAutocannon({ ...options, duration: opts.warmupSeconds });
      const cpuBefore = {
        server: server.cpuSeconds(),
        database: databaseCpuSeconds?.(),
        bench: process.cpuUsage(),
      };
      const result = await runAutocannon({ ...options, duration: opts.seconds });
      const load = toLoad(result);
      const perRequest = (seconds: number) => round((seconds * 1000) / Math.max(1, result.requests.total), 2);
      const bench = process.cpuUsage(cpuBefore.bench);
      figure.status = 'measured';
      figure.load = load;
      figure.cpuMsPerRequest = {
        server: perRequest(server.cpuSeconds() - cpuBefore.server),
        ...(databaseCpuSeconds && cpuBefore.database !== undefined
          ? { database: perRequest(databaseCpuSeconds() - cpuBefore.database) }
          : {}),
        loadGenerator: perRequest((bench.user + bench.system) / 1e6),
      };
      if (load.non2xx > 0 || load.errors > 0) {
        figure.reason = `${load.non2xx} non-2xx answers and ${load.errors} errors or timeouts during the run`;
      }
      log(
        `close of business reads ${name}: ${load.rps} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
          `CPU ms per request ${JSON.stringify(figure.cpuMsPerRequest)}` +
          `${figure.reason ? ` (${figure.reason})` : ''}`,
      );
      await sleep(500);
    }
    const m = server.memory();
    reads.serverMemory = { rssMb: Math.round(m.rss / 2 ** 20), peakRssMb: Math.round(m.peakRss / 2 ** 20) };
  } catch (err) {
    reads.error = errorText(err);
  } finally {
    await server.stop();
  }
  return reads;
}

/** `count` applicants through the API (SubmitStage1, GetQuote), each with an application waiting for its quote. */
async function makeApplicants(baseUrl: string, count: number) {
  const made: Fixture[] = [];
  try {
    for (let i = 0; i < count; i++) made.push(await signedInApplicant(baseUrl));
    return { made };
  } catch (err) {
    return { made, error: errorText(err) };
  }
}
