import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A staff command (`npm run ops -- ...`) on the running server's database, as the README says: the
 * maintenance switch, the business date, the close of business. Answers what it printed.
 */
export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/ops/cli.ts', ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `sqlite:${process.env.E2E_DATABASE}` },
      timeout: 60_000,
    },
  );
  return stdout;
}
