import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNUSED_PRODUCTION_SERVICES } from '../../apps/api/src/test/unused-card-provider';
import { freePort } from '../../scripts/free-port';
import { errorText, onCleanup, sleep, withTimeout } from './lifecycle';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A private folder under the system temp directory, removed at the end of the bench. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lender-bench-${prefix}-`));
  onCleanup(`temp folder ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export type RunningServer = {
  baseUrl: string;
  pid: number;
  database: string;
  /** Resident set size and its peak, from /proc/<pid>/status, in bytes. */
  memory(): { rss: number; peakRss: number };
  /** CPU time the server has used so far (user + system, all its threads), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
  logTail(): string;
};

export type ServerOptions = {
  /** `sqlite:<path>` or `postgres://...` */
  databaseUrl: string;
  /** The built web app the server should serve. */
  webDist: string;
  label: string;
  logDir: string;
  /** Extra Node options for the server process, e.g. `--cpu-prof` (added to BENCH_SERVER_NODE_ARGS). */
  nodeArgs?: string[];
  /** Settings that replace the ones below (the close-of-business reads give the seeded book's secrets). */
  env?: Record<string, string>;
  /**
   * The load names each applicant's address in X-Forwarded-For, as a proxy would (TRUST_PROXY=1), and the
   * per-address limits keep their production values. Otherwise every request comes from 127.0.0.1 and
   * those limits are lifted: one address would carry the whole load's events.
   */
  clientsBehindProxy?: boolean;
};

// utime and stime are fields 14 and 15 of /proc/<pid>/stat, counted after the ')' that ends the command
// name (which may itself hold spaces), in clock ticks of 1/100 s on Linux.
const CLOCK_TICKS_PER_SECOND = 100;

function readCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function readStatusKb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`${field} missing from /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

async function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([
    new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
    sleep(ms).then(() => false),
  ]);
}

/**
 * Starts the real API server (`node --import tsx apps/api/src/server.ts`: one process, so its pid is the
 * server's) on a free loopback port in production mode, and waits until /api/health/ready answers.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startOnce(opts, await freePort(), attempt);
    } catch (err) {
      lastError = err;
      if (!/EADDRINUSE/.test(errorText(err))) break;
    }
  }
  throw lastError;
}

async function startOnce(opts: ServerOptions, port: number, attempt: number): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(opts.logDir, `server-${opts.label}-${attempt}.log`);
  const out = fs.openSync(logFile, 'w');
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers (see README).
  const extra = [
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    ...(opts.nodeArgs ?? []),
  ];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      WEB_DIST: opts.webDist,
      // Per-request logs would measure the terminal, not the server; BENCH_LOG_LEVEL=info to include them.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_KEY: crypto.randomBytes(32).toString('hex'),
      ...UNUSED_PRODUCTION_SERVICES,
      ...(opts.clientsBehindProxy
        ? { TRUST_PROXY: '1' }
        : {
            // The load comes from 127.0.0.1 only: the per-address limits would measure themselves.
            STAGE1_PER_ADDRESS: '100000000',
            STAGE1_PER_CONTACT: '100000000',
            LOGIN_FAILURES_PER_ADDRESS: '100000000',
          }),
      ...opts.env,
    },
  });
  fs.closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the ${opts.label} server`);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 10_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  const removeCleanup = onCleanup(`${opts.label} server (pid ${pid})`, stop, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const logTail = () => {
    try {
      return fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  };

  const ready = async () => {
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the ${opts.label} server exited (${child.exitCode ?? child.signalCode}):\n${logTail()}`,
        );
      }
      try {
        const res = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    throw new Error(`the ${opts.label} server was not ready:\n${logTail()}`);
  };
  try {
    await withTimeout(ready(), 90_000, `starting the ${opts.label} server`);
  } catch (err) {
    await stop();
    removeCleanup();
    throw err;
  }

  return {
    baseUrl,
    pid,
    database: opts.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres',
    memory: () => ({ rss: readStatusKb(pid, 'VmRSS'), peakRss: readStatusKb(pid, 'VmHWM') }),
    cpuSeconds: () => readCpuSeconds(pid),
    logTail,
    async stop() {
      await stop();
      removeCleanup();
    },
  };
}

/**
 * A private build of the web app in `into`, made the way scripts/test-e2e.sh makes its own: building into
 * apps/web/dist would pull the files from under servers other people are running (@fastify/static lists
 * the files once at start-up). BENCH_WEB_DIST=<folder> measures that build instead.
 */
export function buildWebApp(into: string): string {
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    const dir = path.resolve(given);
    if (!fs.existsSync(path.join(dir, 'index.html')))
      throw new Error(`BENCH_WEB_DIST=${given} has no index.html`);
    return dir;
  }
  const dir = path.join(into, 'dist');
  const r = spawnSync('npm', ['run', 'build', '-w', '@lender/web', '--', '--outDir', dir, '--emptyOutDir'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (r.status !== 0 || !fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(
      `the web build failed (${r.error?.message ?? r.status}):\n${(r.stdout ?? '') + (r.stderr ?? '')}`.slice(
        0,
        4000,
      ),
    );
  }
  return dir;
}
