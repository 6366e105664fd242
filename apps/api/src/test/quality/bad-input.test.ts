import { calls, type CallName } from '@lender/contract/api-calls';
import { ErrorId, NOT_IMPLEMENTED_MESSAGE } from '@lender/contract/envelope';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../factories';
import { createStage1Payload } from '../stage1-payload';
import { createTestApp, type TestApp } from '../test-app';
import { probeFor } from './probes/generated-probes';
import { describeProbe, type Probe } from './probes/probe';
import { corpusFor } from './probes/probe-corpus';
import { verdict } from './probes/verdict';
import { databaseTables, snapshot, snapshotChanges, type Snapshot, type TableName } from './tables';

/**
 * Malformed requests to every call of the contract (derived from `calls`, so a new call is covered the
 * day it lands): never a 5xx, always the envelope, a non-zero errorID unless the call's own schema accepts
 * the input, nothing written by a refused request, and the server still up afterwards.
 *
 * FUZZ_RUNS generated requests in all (default 1000; `npm run test:fuzz` sends 20,000), spread evenly over
 * the calls, plus a fixed corpus per call that always includes one of each kind of malformation.
 * FUZZ_SEED replays a run (fast-check prints the seed of a failure).
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** A request taking longer than this is a failure too: a backtracking regex is a denial of service. */
const REQUEST_BUDGET_MS = Number(process.env.FUZZ_REQUEST_BUDGET_MS ?? 5000);
/** Two applicants with an application (so the quote calls reach their pricing) and one without. */
const SESSION_COUNT = 3;

const names = Object.keys(calls) as CallName[];
const runsFor = (i: number) => Math.floor(FUZZ_RUNS / names.length) + (i < FUZZ_RUNS % names.length ? 1 : 0);

let t: TestApp;
let tables: TableName[];
const tokens: string[] = [];
let last: Snapshot;

beforeAll(async () => {
  // Long-lived tokens: the 20,000-request run outlasts the default 15 minutes.
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(7 * 86_400) });
  for (let i = 0; i < SESSION_COUNT - 1; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Register/SubmitStage1',
      payload: createStage1Payload(),
    });
    tokens.push(res.json().object.token as string);
  }
  tokens.push((await createSession(t.ctx)).token);
  // The security log records refusals by design (issue 26): a refused request adds to it and changes
  // nothing else, which is what this check watches.
  tables = databaseTables().filter((table) => table !== 'security_events');
  last = await snapshot(t.ctx.db, tables);
});
afterAll(() => t?.close());

const stats = {
  slowestMs: 0,
  injectMs: 0,
  snapshotMs: 0,
  requests: 0,
  byVerdict: { valid: 0, invalid: 0, unknown: 0 },
  byStatus: new Map<number, number>(),
};

/** Sends one probe and checks every promise of the module comment; throws a readable report if one fails. */
async function check(name: CallName, probe: Probe) {
  const expected = verdict(name, probe);
  const headers: Record<string, string> = {};
  if (probe.contentType !== undefined) headers['content-type'] = probe.contentType;
  if (probe.session !== null) headers.authorization = `Bearer ${tokens[probe.session % tokens.length]}`;
  const request: InjectOptions = {
    method: probe.method as InjectOptions['method'],
    url: probe.query ? `${probe.path}?${probe.query}` : probe.path,
    headers,
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  };

  const started = performance.now();
  const res = await t.app.inject(request);
  const elapsed = performance.now() - started;
  stats.injectMs += elapsed;
  stats.slowestMs = Math.max(stats.slowestMs, elapsed);

  stats.requests++;
  stats.byVerdict[expected]++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);

  const problems: string[] = [];
  let body: { error?: { errorID?: unknown; errorMessage?: unknown }; object?: unknown } | undefined;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push('the body is not JSON');
  }
  const errorID = body?.error?.errorID;
  const envelopeOk =
    typeof body === 'object' &&
    body !== null &&
    typeof errorID === 'number' &&
    typeof body.error?.errorMessage === 'string' &&
    'object' in body;
  if (body && !envelopeOk)
    problems.push('the body is not the envelope { error: { errorID, errorMessage }, object }');

  const notImplemented =
    res.statusCode === 501 &&
    errorID === ErrorId.notImplemented &&
    body?.error?.errorMessage === NOT_IMPLEMENTED_MESSAGE;
  if (res.statusCode >= 500 && !(notImplemented && expected !== 'invalid')) {
    problems.push(`HTTP ${res.statusCode} (a server error) for ${expected} input`);
  }
  if (expected === 'invalid') {
    if (res.statusCode < 400 || res.statusCode >= 500) {
      problems.push(`HTTP ${res.statusCode} for input the schema refuses (want 4xx)`);
    }
    if (errorID === 0) problems.push('errorID 0 for input the schema refuses');
  }
  if (elapsed > REQUEST_BUDGET_MS)
    problems.push(`took ${Math.round(elapsed)} ms (budget ${REQUEST_BUDGET_MS} ms)`);

  const snapStarted = performance.now();
  const after = await snapshot(t.ctx.db, tables);
  stats.snapshotMs += performance.now() - snapStarted;
  const changes = snapshotChanges(last, after);
  last = after;
  if (changes.length && (expected === 'invalid' || res.statusCode >= 400)) {
    problems.push(`a refused request changed the database: ${changes.join('; ')}`);
  }

  if (problems.length) {
    throw new Error(
      [
        `${name}: ${problems.join('; ')}`,
        `  request (model: ${expected}):`,
        `    ${describeProbe(probe)}`,
        `  response: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`,
      ].join('\n'),
    );
  }
}

describe('bad input to every call', () => {
  it('watches every table of db/schema.ts, and those are the tables the database has', async () => {
    const inDb = (await t.ctx.db.introspection.getTables())
      .map((table) => table.name)
      // The sandboxes' own tables stand for other companies' databases (their tests read them).
      .filter((n) => !n.startsWith('kysely_') && !/^(card|payout|cra|ob)_sandbox_/.test(n));
    expect([...tables, 'security_events'].sort()).toEqual(inDb.sort());
  });

  names.forEach((name, i) => {
    const runs = runsFor(i);
    describe(`${calls[name].method} ${calls[name].controller}/${calls[name].action}`, () => {
      it('fixed corpus: one of each kind of malformation', { timeout: 300_000 }, async () => {
        for (const probe of corpusFor(name, SESSION_COUNT)) await check(name, probe);
      });

      it.skipIf(runs === 0)(
        `${runs} generated malformed requests`,
        { timeout: 60_000 + runs * 1000 },
        async () => {
          await fc.assert(
            fc.asyncProperty(probeFor(name, SESSION_COUNT), (probe) => check(name, probe)),
            { numRuns: runs, ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) },
          );
        },
      );
    });
  });

  it('the server still answers, its database still works, and the sessions are still good', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().error.errorID).toBe(0);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/Register/GetApplicationStatus',
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(status.json().error.errorID).toBe(0);
    // The run did exercise each side of the model (a generator bug would show up as all 'unknown').
    expect(stats.byVerdict.invalid).toBeGreaterThan(stats.requests / 2);
    expect(stats.byVerdict.valid).toBeGreaterThan(0);
    console.warn(
      `bad input: ${stats.requests} requests in ${Math.round(stats.injectMs)} ms (slowest ${Math.round(stats.slowestMs)} ms; +${Math.round(stats.snapshotMs)} ms of table snapshots) (${FUZZ_RUNS} generated), verdicts ${JSON.stringify(stats.byVerdict)}, ` +
        `statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((a, b) => a[0] - b[0])))}`,
    );
  });
});
