/**
 * `npm run lint:openapi`: lints the OpenAPI document the app serves at /api/docs/json with Redocly's
 * recommended rules (redocly.yaml). The document comes from the real app on an in-memory SQLite database,
 * as an integrator would fetch it, so what is linted is what is published.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createContext } from '../apps/api/src/start';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function publishedDocument(): Promise<string> {
  const ctx = await createContext(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'sqlite::memory:',
      WEB_DIST: 'does-not-exist',
    }),
  );
  const app = await buildApp(ctx);
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}: ${res.body}`);
    return res.body;
  } finally {
    await app.close();
    await ctx.db.destroy();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  fs.writeFileSync(file, await publishedDocument());
  const lint = spawnSync(
    path.join(root, 'node_modules/.bin/redocly'),
    ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', file],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
