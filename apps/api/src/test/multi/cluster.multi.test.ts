import fs from 'node:fs';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { startServer, stopServer } from '../../../../../scripts/crash/server-process';
import { repoRoot } from '../../config';
import { createDatabase, productionEnv, START_TIMEOUT_MS, timeUntil, type Server } from './processes';

/**
 * `WEB_CONCURRENCY=2 npm start` (docs/decisions/033): a primary that migrates once and forks two workers
 * on one port, starts a killed worker again while the other goes on answering, and on SIGTERM stops
 * both gracefully.
 */

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let settings: ReturnType<typeof productionEnv> | undefined;
let primary: Server | undefined;

afterAll(async () => {
  if (primary && primary.child.exitCode === null && primary.child.signalCode === null) {
    await stopServer(primary).catch(() => undefined);
  }
  await database?.drop();
  settings?.removeFolder();
});

/** The processes whose parent is `pid` and that run the server (not tsx's esbuild helper). */
function workersOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === pid && cmdline.includes('apps/api/src/server.ts')) found.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return found.sort();
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * /api/health over a connection of its own: a kept-alive one may belong to the worker just killed, and
 * dies with it, which says nothing about whether the port is still served.
 */
const healthy = (server: Server) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(`${server.url}/api/health`, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });

it('runs two workers on one port, restarts one that dies, and stops both on SIGTERM', async () => {
  database = await createDatabase();
  settings = productionEnv(database.url, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' });
  const messages: Array<{ pid: number; msg: string }> = [];
  primary = await startServer(repoRoot, settings.env, START_TIMEOUT_MS, (line) => {
    try {
      const { pid, msg } = JSON.parse(line) as { pid: number; msg: string };
      if (typeof msg === 'string' && !msg.startsWith('incoming') && !msg.startsWith('request'))
        messages.push({ pid, msg });
    } catch {
      // Not a log line.
    }
  });
  const mainPid = primary.pid;

  // Health answered once one worker listened; the second follows.
  expect(await timeUntil(START_TIMEOUT_MS, async () => workersOf(mainPid).length === 2, 200)).not.toBeNull();
  expect(
    await timeUntil(10_000, async () => messages.filter((m) => m.msg === 'worker listening').length === 2),
  ).not.toBeNull();
  const [victim, survivor] = workersOf(mainPid) as [number, number];
  // The primary migrated, once; the workers did not (they log nothing of the kind).
  expect(messages.filter((m) => m.msg === 'database migrated')).toEqual([
    { pid: mainPid, msg: 'database migrated' },
  ]);

  process.kill(victim, 'SIGKILL');
  // A connection the primary hands over in the instant of the kill dies with the worker (as every
  // connection of a single process would); from the moment the primary knows, the other one serves.
  const died = await timeUntil(
    5_000,
    async () => messages.some((m) => m.pid === mainPid && m.msg === 'worker died'),
    20,
  );
  expect(died, 'the primary did not see its worker die').not.toBeNull();
  // The other worker answers throughout; a new one takes the dead one's place after its back-off.
  const unanswered: number[] = [];
  const killedAt = Date.now();
  const replaced = await timeUntil(
    30_000,
    async () => {
      if (!(await healthy(primary!))) unanswered.push(Date.now() - killedAt);
      const now = workersOf(mainPid);
      return now.length === 2 && !now.includes(victim) && now.includes(survivor);
    },
    100,
  );
  expect(replaced, 'no worker started in place of the killed one').not.toBeNull();
  expect(unanswered).toEqual([]);
  expect(
    await timeUntil(10_000, async () => messages.filter((m) => m.msg === 'worker listening').length === 3),
  ).not.toBeNull();
  expect(await healthy(primary)).toBe(true);

  const workers = workersOf(mainPid);
  const exit = await stopServer(primary, 30_000);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(workers.filter(alive)).toEqual([]);
  // Each worker shut down gracefully, not killed by the primary's deadline.
  expect(
    messages
      .filter((m) => m.msg === 'shutting down')
      .map((m) => m.pid)
      .sort(),
  ).toEqual(workers);
  // Only the kill this test made was an error.
  expect(primary.problems.filter((l) => !l.includes('"worker died"'))).toEqual([]);
});
