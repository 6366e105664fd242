import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './test-app';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export type OpsRun = { code: number; stdout: string; stderr: string };

/**
 * `npm run ops -- ...` as staff run it, in a process of its own, on the test app's database (SQLite or
 * PostgreSQL, as the test app): the exit code and what it printed.
 */
export function runOps(t: TestApp, args: string[]): Promise<OpsRun> {
  const { config } = t.ctx;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/ops/cli.ts', ...args],
      {
        cwd: apiRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: config.DATABASE_URL,
          DATA_KEY: config.DATA_KEY,
          JWT_SECRET: config.JWT_SECRET,
          DOCUMENTS_DIR: config.DOCUMENTS_DIR,
          WEB_DIST: 'does-not-exist',
        },
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
