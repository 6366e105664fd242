/**
 * `node --import tsx bench/src/stages.ts [--call=calculateQuote] [--requests=20000]`
 *
 * A call's time in process, stage by stage: the real app (as the bench's server runs it: production mode,
 * log level warn) on a fresh SQLite file, driven with `app.inject`, one request at a time, with a
 * timestamp at every stage of Fastify's request lifecycle. What it shows is CPU time of this process
 * only, without sockets or the load generator, so it is steadier than requests per second on a shared
 * machine and names the stage a change should make cheaper.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestApp } from '../../apps/api/src/test/test-app';
import { API_CALLS, loadOptions } from './api';
import { signedInApplicant } from './journeys';

const { values } = parseArgs({
  options: {
    call: { type: 'string', default: 'calculateQuote' },
    requests: { type: 'string', default: '20000' },
  },
});

/** Fastify's lifecycle in order; each stage is the time from one stamp to the next. */
const STAMPS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
] as const;
type Stamp = (typeof STAMPS)[number];

// The stamps are root hooks added last, so each runs after the app's own hooks of the same kind: a stage
// is named by what runs between two stamps.
const STAGE_NAMES: Record<Stamp | 'start', string> = {
  start: "inject, routing, the app's onRequest hooks (security headers)",
  onRequest: "the route's onRequest hook (the token check)",
  preParsing: 'reading and parsing the body',
  preValidation: 'schema validation of the body',
  preHandler: 'preHandler (NUL check) and the handler (database read, pricing)',
  preSerialization: 'serialisation and the onSend hooks (compression)',
  onSend: 'writing the answer',
  onResponse: 'back in the caller',
};

const nowNs = () => process.hrtime.bigint();

async function main() {
  const app = await createTestApp(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_KEY: crypto.randomBytes(32).toString('hex'),
    },
    { beforeReady: (a) => addStamps(a) },
  );
  try {
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const entry = API_CALLS.find((c) => c.call === values.call);
    if (!entry) throw new Error(`--call: ${values.call} is not in API_CALLS (bench/src/api.ts)`);
    const options = loadOptions(baseUrl, entry, await signedInApplicant(baseUrl), 1, 1);
    const request = {
      method: options.method ?? 'GET',
      url: new URL(options.url).pathname,
      headers: options.headers ?? {},
      ...(options.body ? { payload: options.body } : {}),
    };

    const requests = Number(values.requests);
    const bare = await time(app.app, { method: 'GET', url: '/api/health', headers: {} }, requests);
    const call = await time(app.app, request, requests);
    console.log(`bare GET /api/health: ${bare.totalUs.toFixed(1)} µs per request in process`);
    console.log(`${request.method} ${request.url}: ${call.totalUs.toFixed(1)} µs per request in process`);
    for (const [stage, us] of call.stages) {
      console.log(`  ${us.toFixed(1).padStart(7)} µs  ${STAGE_NAMES[stage]}`);
    }
  } finally {
    await app.close();
  }
}

const stampsOf = new WeakMap<object, Partial<Record<Stamp, bigint>>>();

function addStamps(app: FastifyInstance) {
  for (const name of STAMPS) {
    app.addHook(name as 'onRequest', async (req) => {
      const stamps = stampsOf.get(req.raw) ?? {};
      stamps[name] ??= nowNs();
      stampsOf.set(req.raw, stamps);
    });
  }
}

/** Mean time per request and per stage over `n` requests, after as many again to warm the JIT up. */
async function time(app: FastifyInstance, request: InjectOptions & { url: string }, n: number) {
  const sums = new Map<Stamp | 'start', bigint>();
  let total = 0n;
  for (let i = 0; i < 2 * n; i++) {
    const started = nowNs();
    const res = await app.inject(request);
    const ended = nowNs();
    if (res.statusCode !== 200) throw new Error(`${request.url} answered ${res.statusCode}: ${res.body}`);
    if (i < n) continue;
    const stamps = stampsOf.get(res.raw.req) ?? {};
    total += ended - started;
    let previous: [Stamp | 'start', bigint] = ['start', started];
    for (const name of STAMPS) {
      const at = stamps[name];
      if (at === undefined) continue;
      sums.set(previous[0], (sums.get(previous[0]) ?? 0n) + (at - previous[1]));
      previous = [name, at];
    }
    sums.set(previous[0], (sums.get(previous[0]) ?? 0n) + (ended - previous[1]));
  }
  const perRequest = (ns: bigint) => Number(ns) / n / 1000;
  return { totalUs: perRequest(total), stages: [...sums].map(([k, v]) => [k, perRequest(v)] as const) };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
