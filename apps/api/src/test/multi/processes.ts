import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  startServer,
  stopServer,
  within,
  killAllServers,
  type Server,
} from '../../../../../scripts/crash/server-process';
import { repoRoot } from '../../config';
import { UNUSED_PRODUCTION_SERVICES } from '../unused-card-provider';

/**
 * What the several-process suite (`npm run test:api:multi`, docs/decisions/033) starts: real server
 * processes (`node --import tsx apps/api/src/server.ts`, as the crash test starts them) on one database
 * of their own in the throwaway cluster of TEST_DATABASE_URL, in production mode, from one throwaway
 * folder. Everything is stopped and removed by `stopAll`, and killed on any way out of the process.
 */

export const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export type Envelope = { error: { errorID: number; errorMessage: string }; object: unknown };
export type Answer = { status: number; body: Envelope; headers: Headers };

process.once('exit', killAllServers);

/** A database of its own in the test cluster; dropped (with its connections) by the returned function. */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    throw new Error(
      'TEST_DATABASE_URL is not a PostgreSQL URL: run `npm run test:api:multi`, which starts one',
    );
  }
  const name = `multi_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Production settings shared by every process of a test (same keys: one install), over `overrides`. */
export function productionEnv(databaseUrl: string, overrides: Record<string, string> = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-multi-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_KEY: crypto.randomBytes(32).toString('hex'),
    ...UNUSED_PRODUCTION_SERVICES,
    DATABASE_URL: databaseUrl,
    // Every caller of a test is 127.0.0.1: only the limit under test keeps its real size.
    STAGE1_PER_ADDRESS: '100000',
    STAGE1_PER_CONTACT: '100000',
    PASSWORD_RESETS_PER_ADDRESS: '100000',
    LOGIN_FAILURES_PER_ADDRESS: '100000',
    WEB_DIST: path.join(tmp, 'no-web-build'),
    DOCUMENTS_DIR: path.join(tmp, 'documents'),
    MAINTENANCE_MODE: 'false',
    ...overrides,
  };
  return { env, removeFolder: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

export const startApi = (env: Record<string, string>) => startServer(repoRoot, env, START_TIMEOUT_MS);

/** Stops each server gracefully (SIGTERM; SIGKILL past the timeout) and says how each one exited. */
export async function stopAll(servers: Array<Server | undefined>) {
  return Promise.all(servers.filter((s): s is Server => s !== undefined).map((s) => stopServer(s)));
}

/** One call over loopback HTTP, as a browser makes it. */
export async function call(
  server: Server,
  method: 'GET' | 'POST',
  route: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.json()) as Envelope, headers: res.headers };
}

/** `npm run ops -- <args>` on the servers' database and settings; its output, or an error naming it. */
export async function ops(env: Record<string, string>, args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/ops/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await within(
    30_000,
    `ops ${args.join(' ')}`,
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  if (code !== 0) throw new Error(`ops ${args.join(' ')} exited ${code}:\n${output}`);
  return output;
}

/**
 * Calls `probe` until it returns true, at most every `everyMs`, for at most `ms`; how long it took, or
 * null when it never did.
 */
export async function timeUntil(ms: number, probe: () => Promise<boolean>, everyMs = 100) {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await probe()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return null;
}

export type { Server };
