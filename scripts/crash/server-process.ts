import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { freePort } from '../free-port';

/** Every server this run started and has not yet seen exit: killed on any way out of the process. */
const live = new Set<ChildProcess>();

export function killAllServers() {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Has `child` killed with the servers on any way out of the process (the close-of-business runs). */
export function track(child: ChildProcess) {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the promise's value, or rejects with `what` once `ms` have passed. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Server = {
  pid: number;
  url: string;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** The last lines the process wrote (pino JSON), for a failure message. */
  tail: string[];
  /** Lines at level error or fatal, or anything that is not a pino line. */
  problems: string[];
  warnings: number;
  startMs: number;
};

const TAIL_LINES = 60;

/** Called with every line the server writes (the tail keeps only the last ones). */
type OnLine = (line: string) => void;

function spawnServer(repoRoot: string, port: number, env: Record<string, string>, onLine?: OnLine): Server {
  // Nothing may leave the machine: the SMTP and SMS settings production requires come from `env`
  // (UNUSED_PRODUCTION_SERVICES: port 9 on loopback), never from the caller's own environment.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  // `node --import tsx`, not `npx tsx`: one process, so the SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const server: Server = {
    pid: child.pid ?? -1,
    url: `http://127.0.0.1:${port}`,
    child,
    exited: new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => {
        live.delete(child);
        resolve({ code, signal });
      });
    }),
    tail: [],
    problems: [],
    warnings: 0,
    startMs: Date.now(),
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => {
      onLine?.(line);
      server.tail.push(line);
      if (server.tail.length > TAIL_LINES) server.tail.shift();
      if (!line.trim()) return;
      let level: number;
      try {
        level = Number((JSON.parse(line) as { level?: unknown }).level) || 0;
      } catch {
        level = 0;
      }
      if (level >= 50 || level === 0) server.problems.push(line);
      else if (level === 40) server.warnings += 1;
    });
  }
  return server;
}

async function healthy(url: string) {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
    const body = (await res.json()) as { error?: { errorID?: number }; object?: { status?: string } };
    return res.ok && body.error?.errorID === 0 && body.object?.status === 'ok';
  } catch {
    return false;
  }
}

/**
 * Starts the API on a free loopback port and waits until /api/health answers. A server that exits
 * first, or does not answer within `timeoutMs`, is an error carrying its output.
 */
export async function startServer(
  repoRoot: string,
  env: Record<string, string>,
  timeoutMs: number,
  onLine?: OnLine,
): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    const server = spawnServer(repoRoot, await freePort(), env, onLine);
    let gone: Exit | null = null;
    void server.exited.then((e) => (gone = e));
    const deadline = Date.now() + timeoutMs;
    while (!gone && Date.now() < deadline) {
      if (await healthy(server.url)) return server;
      await sleep(100);
    }
    if (!gone) {
      server.child.kill('SIGKILL');
      await within(10_000, 'server exit after SIGKILL', server.exited);
      throw new Error(
        `server did not answer /api/health within ${timeoutMs} ms; its output:\n${server.tail.join('\n')}`,
      );
    }
    // Another process may take the port between the probe and the bind: try another one.
    if (attempt < 3 && server.tail.some((l) => l.includes('EADDRINUSE'))) continue;
    const exit = gone as Exit;
    throw new Error(
      `server exited (code ${exit.code}, signal ${exit.signal}) before answering /api/health; its output:\n` +
        server.tail.join('\n'),
    );
  }
}

/** SIGKILL, and wait until the process is really gone. */
export async function killServer(server: Server): Promise<Exit> {
  server.child.kill('SIGKILL');
  return within(10_000, `server ${server.pid} to exit after SIGKILL`, server.exited);
}

/** SIGTERM (the server's own graceful shutdown), then its exit. */
export async function stopServer(server: Server, timeoutMs = 15_000): Promise<Exit> {
  server.child.kill('SIGTERM');
  try {
    return await within(timeoutMs, `server ${server.pid} to exit after SIGTERM`, server.exited);
  } catch (err) {
    server.child.kill('SIGKILL');
    await within(10_000, 'server exit after SIGKILL', server.exited);
    throw err;
  }
}
