import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import pg from 'pg';
import type { AppContext } from '../app-context';
import type { DecisionCheck } from '../entities/applications/decision/decision-check';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createContext } from '../start';
import { UNUSED_PRODUCTION_SERVICES } from './unused-card-provider';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Closes the app and the database, then drops the schema (PostgreSQL) or deletes the file (SQLite). */
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Runs after the app is built and before it is ready, e.g. to add a test-only route. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Where the app's log goes (with `LOG_LEVEL` set in `env`; the test app is silent by default). */
  logStream?: DestinationStream;
  /** The decision step's checks from the app's own list, e.g. with a test's check added. */
  decisionChecks?: (checks: readonly DecisionCheck[]) => readonly DecisionCheck[];
};

const uniqueSuffix = () => `${Date.now().toString(36)}_${crypto.randomBytes(5).toString('hex')}`;

let workerDatabase: Promise<URL> | undefined;

/**
 * The database of this test worker in the cluster of TEST_DATABASE_URL, made on first use. Test files
 * run two at a time: migrating a schema lists every table of its database (the migrator's
 * introspection), which fails when another file drops its schema meanwhile, so each worker keeps to a
 * database of its own and its files (one at a time) to schemas within it.
 */
function databaseOfThisWorker(base: string): Promise<URL> {
  return (workerDatabase ??= (async () => {
    // Files of one pool id never run at the same time; each file is a new process, hence no pid.
    const name = `lender_test_w${process.env.VITEST_POOL_ID ?? '0'}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // duplicate_database: made by an earlier file
      });
    } finally {
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${name}`;
    url.searchParams.delete('schema');
    return url;
  })());
}

/** Where this test app's data lives and how to remove it afterwards. */
async function freshDatabase(dir: string): Promise<{ url: string; dispose: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const schema = `t_${uniqueSuffix()}`;
    const admin = await databaseOfThisWorker(base);
    const withSchema = new URL(admin);
    withSchema.searchParams.set('schema', schema);
    return {
      url: withSchema.toString(),
      dispose: async () => {
        const client = new pg.Client({ connectionString: admin.toString() });
        await client.connect();
        try {
          await client.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await client.end();
        }
      },
    };
  }
  // The file goes with the temporary directory, which close() removes.
  return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, dispose: async () => {} };
}

/**
 * A real app on a real, freshly migrated database of its own: a unique PostgreSQL schema when
 * TEST_DATABASE_URL is set, otherwise a SQLite file in a temporary directory. `env` overrides settings
 * (for example `{ NODE_ENV: 'production', JWT_SECRET: ..., DATA_KEY: ... }`).
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-api-test-'));
  const database = await freshDatabase(dir).catch((err: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const removeAll = async () => {
    try {
      await database.dispose();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  let ctx: AppContext | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'does-not-exist',
      DOCUMENTS_DIR: path.join(dir, 'documents'),
      // A key of this app's own, generated as a developer's first start makes one.
      DATA_KEY_FILE: path.join(dir, 'data.key'),
      JWT_SECRET_FILE: path.join(dir, 'jwt.key'),
      // Every test calls from 127.0.0.1 and many reuse an example's contacts: the limit tests set their own.
      STAGE1_PER_ADDRESS: '100000',
      STAGE1_PER_CONTACT: '100000',
      CLIENT_ERRORS_PER_ADDRESS: '100000',
      LEAD_EVENTS_PER_ADDRESS: '100000',
      ...(env.NODE_ENV === 'production' ? UNUSED_PRODUCTION_SERVICES : {}),
      ...env,
      DATABASE_URL: database.url,
    });
    ctx = await createContext(config);
    if (options.decisionChecks) ctx = { ...ctx, decisionChecks: options.decisionChecks(ctx.decisionChecks) };
    const app = await buildApp(ctx, { logStream: options.logStream });
    await options.beforeReady?.(app);
    await app.ready();
    const built = ctx;
    let closing: Promise<void> | undefined;
    return {
      app,
      ctx: built,
      // Safe to call twice: the second call waits for the first.
      close: () =>
        (closing ??= (async () => {
          try {
            await app.close();
            await built.db.destroy();
          } finally {
            await removeAll();
          }
        })()),
    };
  } catch (err) {
    // Keep the original error: clean-up failures after a failed start would only hide it.
    await ctx?.db.destroy().catch(() => {});
    await removeAll().catch(() => {});
    throw err;
  }
}
