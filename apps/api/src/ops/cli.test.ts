import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../test/ops-process';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** `npm run ops -- ...` as staff run it, on a database of its own (SQLite or PostgreSQL). */
const ops = (args: string[]) => runOps(t, args);

describe('npm run ops -- breathing-space', () => {
  it('exits non-zero with what was wrong and the usage on bad arguments', async () => {
    const missing = await ops(['breathing-space']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Name the application and start or end.');
    expect(missing.stderr).toContain('Usage: npm run ops -- breathing-space <appGuid> start');
    const verb = await ops(['breathing-space', '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11', 'pause']);
    expect(verb.code).toBe(1);
    expect(verb.stderr).toContain('Unknown action: pause. Use start or end.');
    expect(verb.stdout).toBe('');
  }, 60_000);

  it('exits non-zero with a clear message for an application it does not know', async () => {
    const unknown = await ops(['breathing-space', '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11', 'start']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('There is no application 6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11.');
  }, 60_000);
});

describe('npm run ops -- legal', () => {
  it('exits non-zero with what was wrong and the usage on bad arguments', async () => {
    const missing = await ops(['legal']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Name an action: list, show, close, or an application and on or off.');
    expect(missing.stderr).toContain('Usage: npm run ops -- legal list');
    const verb = await ops(['legal', '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11', 'maybe']);
    expect(verb.code).toBe(1);
    expect(verb.stderr).toContain('Unknown action: maybe. Use on or off.');
    expect(verb.stdout).toBe('');
  }, 60_000);

  it('answers for an application it does not know, and lists no flagged account on a new database', async () => {
    const unknown = await ops(['legal', '6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11', 'on']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('There is no application 6f1c2a9e-0d7b-4c55-9a61-2f0e8b3d4c11.');
    const list = await ops(['legal', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout.trim()).toBe('0 account(s) flagged legal.');
  }, 60_000);
});

describe('npm run ops -- partner', () => {
  it('adds a partner, printing its key once alone on a line, and refuses the name a second time', async () => {
    const added = await ops(['partner', 'add', 'cli-broker', '--tier', 'gold']);
    expect(added.code).toBe(0);
    const keyLines = added.stdout.split('\n').filter((l) => l.startsWith('key: '));
    expect(keyLines).toHaveLength(1);
    expect(keyLines[0]).toMatch(/^key: [A-Za-z0-9]{32,}$/);
    const again = await ops(['partner', 'add', 'cli-broker']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('A partner named cli-broker exists already.');
    const list = await ops(['partner', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`cli-broker +gold +\\.\\.\\.${keyLines[0]!.slice(-4)} +\\S+ +-`));
    expect(list.stdout).not.toContain(keyLines[0]!.slice(5));
    const revoked = await ops(['partner', 'revoke', 'cli-broker']);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('Partner cli-broker revoked');
  }, 60_000);

  it('exits non-zero with the usage on bad arguments', async () => {
    const bad = await ops(['partner', 'add']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run ops -- partner add <name> [--tier <tierName>]');
    const since = await ops(['partner', 'report', 'cli-broker', '--since', 'soon']);
    expect(since.code).toBe(1);
    expect(since.stderr).toContain('--since takes a number of days');
  }, 60_000);
});

// One process for the help of all three (each run of the CLI starts Node and compiles the API: seconds).
describe('npm run ops -- help', () => {
  it('lists breathing-space, legal and partner with their usage', async () => {
    const help = await ops(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('breathing-space <appGuid> start [--from yyyy-mm-dd]|end');
    expect(help.stdout).toContain('legal list|show <appGuid>|close <appGuid>');
    expect(help.stdout).toContain('partner add <name> [--tier <tierName>]|list|revoke <name>|report <name>');
  }, 60_000);
});
