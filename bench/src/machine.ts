import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { lighthouseVersion } from './lighthouse';
import { CHROMIUM } from './pages';
import { repoRoot } from './server';

export type Machine = {
  nproc: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  kernel: string;
  node: string;
  chromium: string;
  lighthouse: string;
  autocannon: string;
  playwrightCore: string;
  commit: string;
};

function readOr(file: string, fallback = ''): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'],
      cwd: repoRoot,
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** What the figures depend on, recorded with them. */
export function describeMachine(): Machine {
  const require = createRequire(import.meta.url);
  const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
  const memKb = Number(/^MemTotal:\s+(\d+)/m.exec(readOr('/proc/meminfo'))?.[1] ?? 0);
  return {
    nproc: Number(run('nproc', [])) || os.availableParallelism(),
    cpuModel:
      /^model name\s*:\s*(.+)$/m.exec(readOr('/proc/cpuinfo'))?.[1]?.trim() ??
      os.cpus()[0]?.model ??
      'unknown',
    memoryGb: Math.round((memKb / 1024 / 1024) * 10) / 10,
    os: /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readOr('/etc/os-release'))?.[1] ?? os.type(),
    kernel: os.release(),
    node: process.version,
    chromium: run(CHROMIUM, ['--version']),
    lighthouse: lighthouseVersion(),
    autocannon: version('autocannon'),
    playwrightCore: version('playwright-core'),
    // Read-only: names the commit the figures were taken at (uncommitted changes may be on top).
    commit: run('git', ['rev-parse', '--short', 'HEAD']),
  };
}
