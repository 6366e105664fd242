/**
 * `npm run bench [-- --check] [-- --only=pages,signed-in,lighthouse,api,journeys,cob,categorise] [-- --quick] [-- --loans=N,M]`
 *
 * Builds the web app into a private temporary folder, starts its own servers on free loopback ports
 * with fresh temporary databases, measures, prints the tables, writes
 * bench/results/latest.json and the figures block of bench/README.md (full runs only), and with
 * --check exits 1 when a budget is missed. Everything it starts is stopped at the end, on failure and
 * on Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runApiBench, type ApiFigure } from './api';
import { checkBudgets } from './budgets';
import { measureCategorise, type CategoriseFigures } from './categorise';
import { cobAllowanceSeconds, runCob } from './cob';
import type { CobFigures, CobProvider } from './cob-figures';
import { round, runJourneys, type JourneyFigures } from './journeys';
import { cleanupAll, errorText, installExitHandlers, log } from './lifecycle';
import { runLighthouse, type LighthouseFigure } from './lighthouse';
import { describeMachine } from './machine';
import { CPU_SLOWDOWN, measurePages, SLOW_4G, type PageFigure } from './pages';
import { startPostgres } from './postgres';
import { renderTables, type Results } from './report';
import { measureSignedInPages } from './signed-in';
import { repoRoot, buildWebApp, startServer, tempDir, type RunningServer } from './server';
import { startLoopbackAgency } from './loopback-agency';

const SECTIONS = ['pages', 'signed-in', 'lighthouse', 'api', 'journeys', 'cob', 'categorise'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    /** The close of business's book sizes, comma-separated (default 10,000 and 100,000). */
    loans: { type: 'string' },
    /** The close of business's databases, comma-separated (default sqlite,postgres). */
    databases: { type: 'string' },
    /** Skip the close of business's runs with a provider that approves at once (the lender's own share). */
    'sandbox-only': { type: 'boolean', default: false },
    /** Only PostgreSQL's runs with the provider that approves at once (no sandbox runs, so no reads). */
    'instant-only': { type: 'boolean', default: false },
  },
});

const only = values.only ? (values.only.split(',').map((s) => s.trim()) as Section[]) : [...SECTIONS];
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`--only: unknown section ${s} (${SECTIONS.join(', ')})`);
const cobSizes = values.loans
  ? values.loans.split(',').map((s) => Number(s.trim().replace(/_/g, '')))
  : values.quick
    ? [2_000, 10_000]
    : [10_000, 100_000];
for (const n of cobSizes)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--loans: not a number of loans: ${values.loans}`);
const apiFixedRate = Number(process.env.BENCH_API_RATE ?? 1000);
if (!Number.isInteger(apiFixedRate) || apiFixedRate < 1)
  throw new Error(`BENCH_API_RATE: not a number of requests a second: ${process.env.BENCH_API_RATE}`);
const cobDatabases = (values.databases ?? 'sqlite,postgres').split(',').map((s) => s.trim());
for (const d of cobDatabases)
  if (d !== 'sqlite' && d !== 'postgres') throw new Error(`--databases: not sqlite or postgres: ${d}`);
const full =
  only.length === SECTIONS.length &&
  !values.quick &&
  !values.loans &&
  !values.databases &&
  !values['sandbox-only'] &&
  !values['instant-only'];
if (values['sandbox-only'] && values['instant-only'])
  throw new Error('--sandbox-only and --instant-only: choose one');

const settings = {
  pageRuns: values.quick ? 1 : 3,
  lighthouseRuns: values.quick ? 1 : 3,
  cpuSlowdown: CPU_SLOWDOWN,
  network: SLOW_4G,
  apiConnections: 50,
  apiSeconds: values.quick ? 2 : 5,
  apiBareSeconds: values.quick ? 1 : 3,
  apiWarmupSeconds: values.quick ? 1 : 2,
  // CPU per request: every route at this rate, about a fifth of what the slowest call answers at 50
  // connections here, so that the machine holds it for each of them (README, "API").
  apiFixedRate,
  apiFixedRateSeconds: values.quick ? 3 : 5,
  journeyConcurrency: 20,
  journeySeconds: values.quick ? 3 : 10,
  journeyWarmupSeconds: values.quick ? 1 : 2,
  // Stage 1 alone after the journeys (issue 47): 20 applications a second is far above a small lender's
  // peak and leaves the machine room, so the figure is each search's cost, not a queue.
  stage1RatePerSecond: 20,
  serverLogLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  nodeEnv: 'production',
  cobSizes,
  cobDatabases: cobDatabases as ('sqlite' | 'postgres')[],
  cobProviders: (values['sandbox-only']
    ? ['sandbox']
    : values['instant-only']
      ? ['instant']
      : ['sandbox', 'instant']) as CobProvider[],
  // Above the budget (60 s), so a due day that closes just over it is measured, not cut off.
  cobDueDayLimitSeconds: values.quick ? 20 : 75,
  cobReadConnections: 50,
  cobReadSeconds: values.quick ? 3 : 10,
  cobReadWarmupSeconds: values.quick ? 1 : 2,
  cobReadSessions: 200,
  categoriseRuns: values.quick ? 50 : 500,
};

const README = path.join(repoRoot, 'bench/README.md');
const LATEST = path.join(repoRoot, 'bench/results/latest.json');
const START = '<!-- bench:figures:start -->';
const END = '<!-- bench:figures:end -->';

/**
 * The whole bench's time limit: 9 minutes for the pages, Lighthouse, the API and the journeys, and the close
 * of business's own allowance on top when it runs (its seeding and days grow with the book; see README).
 */
const timeLimitSeconds =
  9 * 60 +
  (only.includes('cob')
    ? cobAllowanceSeconds({
        sizes: settings.cobSizes,
        databases: settings.cobDatabases,
        dueDayLimitSeconds: settings.cobDueDayLimitSeconds,
        providers: settings.cobProviders,
        reads: {
          connections: settings.cobReadConnections,
          seconds: settings.cobReadSeconds,
          warmupSeconds: settings.cobReadWarmupSeconds,
          sessions: settings.cobReadSessions,
        },
      })
    : 0);

async function main(): Promise<number> {
  installExitHandlers(timeLimitSeconds * 1000);
  const started = performance.now();
  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  const work = tempDir('run');
  // The close of business reads the API only, the categoriser runs in process: no web build for them.
  const needsWeb = only.some((s) => s !== 'cob' && s !== 'categorise');
  if (needsWeb) log('building the web app into a private folder...');
  const webDist = needsWeb ? buildWebApp(work) : path.join(work, 'no-web-build');
  const machine = describeMachine();
  log(
    `${machine.nproc} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.chromium}; sections: ${only.join(', ')}; ` +
      `time limit ${Math.round(timeLimitSeconds / 60)} min`,
  );
  if (loadAtStart[0]! > machine.nproc / 2) {
    console.warn(
      `[bench] warning: load average ${loadAtStart[0]} on ${machine.nproc} cores: other work is running and every figure will be lower and noisier`,
    );
  }

  const errors: Results['errors'] = [];
  const section = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    log(`${name}...`);
    try {
      return await fn();
    } catch (err) {
      errors.push({ section: name, message: errorText(err) });
      console.error(`[bench] ${name} failed: ${errorText(err)}`);
      return undefined;
    }
  };

  let pages: PageFigure[] | undefined;
  let signedIn: PageFigure[] | undefined;
  let lighthouse: LighthouseFigure[] | undefined;
  let api: ApiFigure[] | undefined;
  const journeys: JourneyFigures[] = [];
  let cob: CobFigures | undefined;
  let categorise: CategoriseFigures | undefined;

  // First, before any server or browser: in process, it measures the categoriser, not the machine's load.
  if (only.includes('categorise')) {
    categorise = await section('open banking categoriser', async () =>
      measureCategorise(settings.categoriseRuns),
    );
  }

  if (only.some((s) => s === 'pages' || s === 'lighthouse' || s === 'api')) {
    const server = await startServer({
      databaseUrl: `sqlite:${path.join(work, 'pages.sqlite')}`,
      webDist,
      label: 'sqlite',
      logDir: work,
    });
    try {
      if (only.includes('pages'))
        pages = await section('pages', () => measurePages(server.baseUrl, settings.pageRuns));
      if (only.includes('lighthouse')) {
        lighthouse = await section('lighthouse', () =>
          runLighthouse(server.baseUrl, settings.lighthouseRuns),
        );
      }
      if (only.includes('api')) {
        api = await section('api', () =>
          runApiBench(server, {
            connections: settings.apiConnections,
            seconds: settings.apiSeconds,
            bareSeconds: settings.apiBareSeconds,
            warmupSeconds: settings.apiWarmupSeconds,
            fixedRate: { rps: settings.apiFixedRate, seconds: settings.apiFixedRateSeconds },
          }),
        );
      }
    } finally {
      await server.stop();
    }
  }

  // A server of its own: its database is seeded with a borrower before it starts (signed-in.ts).
  if (only.includes('signed-in'))
    signedIn = await section('signed-in pages', () => measureSignedInPages(webDist, work, settings.pageRuns));

  if (only.includes('journeys')) {
    // Stage 1 searches a credit reference agency (issue 47): the sandbox over TLS on loopback, one for the
    // three runs, its answer times read per run.
    const agency = await startLoopbackAgency(tempDir('agency'));
    const journeyOpts = {
      concurrency: settings.journeyConcurrency,
      durationMs: settings.journeySeconds * 1000,
      warmupMs: settings.journeyWarmupSeconds * 1000,
      agency,
      stage1RatePerSecond: settings.stage1RatePerSecond,
    };
    const sqlite = await section('journeys on SQLite', async () => {
      const server = await startServer({
        databaseUrl: `sqlite:${path.join(work, 'journeys.sqlite')}`,
        webDist,
        label: 'journeys-sqlite',
        logDir: work,
        clientsBehindProxy: true,
        env: agency.env,
      });
      try {
        return await runJourneys(server, journeyOpts);
      } finally {
        await server.stop();
      }
    });
    if (sqlite) journeys.push(sqlite);
    const pg = await section('journeys on PostgreSQL', async () => {
      const cluster = await startPostgres();
      log(`PostgreSQL: ${cluster.version}`);
      try {
        const server = await startServer({
          databaseUrl: cluster.url,
          webDist,
          label: 'journeys-postgres',
          logDir: work,
          clientsBehindProxy: true,
          env: agency.env,
        });
        try {
          return await runJourneys(server, journeyOpts);
        } finally {
          await server.stop();
        }
      } finally {
        cluster.stop();
      }
    });
    if (pg) journeys.push(pg);
    // Issue 30: the same load split between two processes on one database (decision 033; bench/README.md
    // says why two servers rather than WEB_CONCURRENCY=2).
    const pgPair = await section('journeys on PostgreSQL, two processes', async () => {
      const cluster = await startPostgres();
      try {
        const servers: RunningServer[] = [];
        try {
          for (const n of [1, 2]) {
            servers.push(
              await startServer({
                databaseUrl: cluster.url,
                webDist,
                label: `journeys-postgres-${n}-of-2`,
                logDir: work,
                clientsBehindProxy: true,
                env: agency.env,
              }),
            );
          }
          return await runJourneys(servers, journeyOpts);
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }
      } finally {
        cluster.stop();
      }
    });
    if (pgPair) journeys.push(pgPair);
    await agency.stop();
  }

  if (only.includes('cob')) {
    cob = await section('close of business', () =>
      runCob({
        sizes: settings.cobSizes,
        databases: settings.cobDatabases,
        dueDayLimitSeconds: settings.cobDueDayLimitSeconds,
        providers: settings.cobProviders,
        lastOrdinaryDay: true,
        reads: {
          connections: settings.cobReadConnections,
          seconds: settings.cobReadSeconds,
          warmupSeconds: settings.cobReadWarmupSeconds,
          sessions: settings.cobReadSessions,
        },
        logDir: work,
      }),
    );
    // A book that could not be seeded or closed, or reads that could not run, is a section that failed.
    for (const r of cob?.runs ?? []) {
      if (r.error) errors.push({ section: `close of business ${r.database} ${r.loans}`, message: r.error });
    }
    if (cob?.reads?.error) errors.push({ section: 'close of business reads', message: cob.reads.error });
  }

  const budgets = checkBudgets({
    ...(pages ? { pages } : {}),
    ...(signedIn ? { signedIn } : {}),
    ...(lighthouse ? { lighthouse } : {}),
    ...(api ? { api } : {}),
    ...(cob ? { cob } : {}),
    ...(journeys.length > 0 ? { journeys } : {}),
    ...(categorise ? { categorise } : {}),
  });
  const results: Results = {
    generatedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    complete: full && errors.length === 0,
    machine,
    // Other people's work on a shared machine moves every figure: this says how busy it was.
    loadAverage: { start: loadAtStart, end: os.loadavg().map((n) => round(n, 2)) },
    settings,
    ...(pages ? { pages } : {}),
    ...(signedIn ? { signedIn } : {}),
    ...(lighthouse ? { lighthouse } : {}),
    ...(api ? { api } : {}),
    ...(journeys.length > 0 ? { journeys } : {}),
    ...(cob ? { cob } : {}),
    ...(categorise ? { categorise } : {}),
    budgets,
    budgetsPassed: budgets.every((b) => b.pass),
    errors,
  };
  const tables = renderTables(results);
  console.log(`\n${tables}\n`);

  if (full) {
    fs.mkdirSync(path.dirname(LATEST), { recursive: true });
    fs.writeFileSync(LATEST, `${JSON.stringify(results, null, 2)}\n`);
    log(`wrote ${path.relative(repoRoot, LATEST)}`);
    const readme = fs.existsSync(README) ? fs.readFileSync(README, 'utf8') : '';
    const a = readme.indexOf(START);
    const b = readme.indexOf(END);
    if (a >= 0 && b > a) {
      fs.writeFileSync(README, `${readme.slice(0, a + START.length)}\n\n${tables}\n\n${readme.slice(b)}`);
      log(`updated the figures in ${path.relative(repoRoot, README)}`);
    }
  } else {
    log('partial or --quick run: bench/results/latest.json and the README are left as they were');
  }

  const missed = budgets.filter((b) => !b.pass);
  log(
    `done in ${results.durationSeconds} s; ${budgets.length - missed.length} of ${budgets.length} budgets met`,
  );
  if (errors.length > 0) return 2;
  if (values.check && missed.length > 0) {
    console.error(
      `[bench] --check: ${missed.length} budget(s) missed: ${missed.map((m) => m.id).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

main()
  .catch((err) => {
    console.error(`[bench] ${errorText(err)}`);
    return 2;
  })
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  });
