import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/free-port';
import { onCleanup } from './lifecycle';
import { tempDir } from './server';

export type Cluster = {
  url: string;
  version: string;
  stop(): void;
  /** CPU time used so far by the cluster's processes alive now (its backends included), in seconds. */
  cpuSeconds(): number;
};

/** utime + stime of every process whose working directory is `dir` (PostgreSQL's run in their data directory). */
function cpuSecondsOfProcessesIn(dir: string): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readlinkSync(`/proc/${pid}/cwd`) !== dir) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return ticks / 100;
}

/** The newest /usr/lib/postgresql/<major>/bin with an initdb, or null. */
function findBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const majors = fs
    .readdirSync(base)
    .filter((d) => fs.existsSync(path.join(base, d, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
  const newest = majors.at(-1);
  return newest ? path.join(base, newest, 'bin') : null;
}

function check(r: SpawnSyncReturns<string>, what: string) {
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout ?? ''}${r.stderr ?? ''}`);
}

/**
 * A throwaway PostgreSQL cluster from the machine's own binaries, the technique of
 * scripts/with-postgres.sh: initdb as the postgres user (it refuses root), TCP on 127.0.0.1 only, a free
 * port, stopped and removed at the end. Unlike the test script it keeps PostgreSQL's default durability
 * (fsync, synchronous_commit): the journeys compare it with SQLite at synchronous=FULL.
 */
export async function startPostgres(): Promise<Cluster> {
  const bin = findBin();
  if (!bin) {
    throw new Error(
      'no PostgreSQL binaries under /usr/lib/postgresql (`bash scripts/with-postgres.sh true` installs them)',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[], timeout = 60_000) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], {
          encoding: 'utf8',
          timeout,
        })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8', timeout });

  const root = tempDir('postgres');
  fs.chmodSync(root, 0o700);
  if (asRoot) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const uid = id('-u');
    if (!Number.isInteger(uid) || uid <= 0)
      throw new Error("no 'postgres' user (install the postgresql package)");
    fs.chownSync(root, uid, id('-g'));
  }
  const data = path.join(root, 'data');
  check(
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']),
    'initdb',
  );

  let started = false;
  const stop = () => {
    if (!started) return;
    const fast = run('pg_ctl', ['-D', data, '-w', '-t', '20', '-m', 'fast', 'stop'], 30_000);
    if (fast.status !== 0) run('pg_ctl', ['-D', data, '-w', '-t', '10', '-m', 'immediate', 'stop'], 15_000);
    started = false;
  };
  // Registered after tempDir, so it runs before the folder is removed.
  onCleanup('PostgreSQL cluster', stop, stop);

  const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  // Another program may take the port between the probe and the bind: try a few.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const port = await freePort();
    started = true;
    const r = run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(root, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k '' -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    if (r.status === 0) {
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        version,
        stop,
        cpuSeconds: () => cpuSecondsOfProcessesIn(data),
      };
    }
    run('pg_ctl', ['-D', data, '-w', '-t', '10', '-m', 'immediate', 'stop'], 15_000);
    started = false;
  }
  const serverLog = fs.existsSync(path.join(root, 'server.log'))
    ? fs.readFileSync(path.join(root, 'server.log'), 'utf8')
    : '';
  throw new Error(`could not start PostgreSQL:\n${serverLog.slice(-2000)}`);
}
