/**
 * `node --import tsx bench/src/ceiling.ts [--seconds=3] [--rounds=2]`
 *
 * How high the CalculateQuote ratio can go on this machine before any of the app's work: the bench's
 * two request shapes (the bare GET, and CalculateQuote's POST with its JSON body and bearer header, 50
 * connections each) against servers that answer a constant, each in a process of its own:
 *
 * - `node`: Node's http server; the POST reads its body and parses it.
 * - `fastify`: a Fastify app with no plugins; the POST's body is parsed by Fastify.
 * - `fastify + zod`: the same, with the body validated by the contract's `quoteRequestSchema` (as the API
 *   does) and the bearer header compared with a known token.
 * - `fastify + the call's work`: the same, and CalculateQuote's own work in its cheapest form (one
 *   synchronous SQLite read, the contract's pricing, the API's payload): see `serveTheCall`.
 *
 * The ratio is the POST's requests per second over the mean of the GETs run just before and after it,
 * as the API bench computes it. What the API's own CalculateQuote reaches can only be lower.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SQLite } from '../../apps/api/src/db/sqlite-driver';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { quoteRequestSchema, type QuoteRequest } from '@lender/contract/calls/register';
import { addDays, londonToday } from '@lender/contract/dates';
import { ok } from '@lender/contract/envelope';
import { nextWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { buildQuote } from '@lender/contract/pricing/quote';
import { AppStatus } from '@lender/contract/status';
import { toLoanTerms, toQuotePayload } from '../../apps/api/src/features/register/quote-payload';
import { runAutocannon } from './api';
import { round } from './journeys';
import { cleanupAll, errorText, installExitHandlers, onCleanup } from './lifecycle';

const KINDS = ['node', 'fastify', 'fastify + zod', "fastify + the call's work"] as const;
type Kind = (typeof KINDS)[number];

const ANSWER = { error: { errorID: 0, errorMessage: '' }, object: { status: 'ok' } };
// As long as a real access token (HS256, three claims and a session id).
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(150)}.${'y'.repeat(43)}`;

/**
 * CalculateQuote's own work and nothing else, each part in its cheapest form: the body validated by the
 * contract's schema, the token found in a map (as a token the API verified before), the application's
 * status and rate read by one synchronous, prepared, indexed statement on an in-memory SQLite (no
 * Kysely, no promise, no file lock), the contract's pricing and the API's payload. No security headers,
 * no session or maintenance check, no logging, no NUL check: a lower bound of what the call can cost.
 */
function serveTheCall(app: FastifyInstance) {
  const db = new SQLite(':memory:');
  db.exec(`create table application (id integer primary key, customer_id integer not null,
    status_id integer not null, daily_rate_ppm integer not null)`);
  db.exec('create index application_customer on application (customer_id, id)');
  const insert = db.prepare(
    'insert into application (customer_id, status_id, daily_rate_ppm) values (?, ?, 8000)',
  );
  for (let id = 1; id <= 5000; id++) insert.run(id % 1000, AppStatus.applicationNew);
  const latest = db.prepare<[number], { status_id: number; daily_rate_ppm: number }>(
    'select status_id, daily_rate_ppm from application where customer_id = ? order by id desc limit 1',
  );
  const sessions = new Map([[TOKEN, { customerId: 42 }]]);
  app.setValidatorCompiler(validatorCompiler);
  app.post('/post', {
    schema: { body: quoteRequestSchema },
    onRequest: (req, reply, done) => {
      const header = req.headers.authorization;
      const session = header?.startsWith('Bearer ') ? sessions.get(header.slice(7)) : undefined;
      if (!session) return void reply.code(401).send();
      (req as typeof req & { customerId: number }).customerId = session.customerId;
      done();
    },
    handler: async (req) => {
      const application = latest.get((req as typeof req & { customerId: number }).customerId);
      if (application?.status_id !== AppStatus.applicationNew) throw new Error('no application to quote');
      const terms = toLoanTerms(req.body as QuoteRequest);
      const price = buildQuote({ ...terms, dailyRate: application.daily_rate_ppm / 1_000_000 });
      const priced = {
        terms: { ...terms, repaymentDate: price.repaymentDate },
        wageFrequency: 'Monthly', // the name of the body's wage frequency, 9
        price,
      };
      return ok(toQuotePayload(priced));
    },
  });
}

function serve(kind: Kind): Promise<number> {
  const listening = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  if (kind === 'node') {
    const body = JSON.stringify(ANSWER);
    const server = http.createServer((req, res) => {
      const answer = () => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(body);
      };
      if (req.method !== 'POST') return answer();
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        JSON.parse(text);
        answer();
      });
    });
    return listening(server);
  }
  const app = Fastify({ logger: false });
  app.get('/get', async () => ANSWER);
  if (kind === 'fastify') {
    app.post('/post', async () => ANSWER);
  } else if (kind === 'fastify + zod') {
    app.setValidatorCompiler(validatorCompiler);
    app.post('/post', {
      schema: { body: quoteRequestSchema },
      onRequest: (req, reply, done) => {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return void reply.code(401).send();
        done();
      },
      handler: async () => ANSWER,
    });
  } else {
    serveTheCall(app);
  }
  return app.listen({ port: 0, host: '127.0.0.1' }).then(() => (app.server.address() as AddressInfo).port);
}

/** Starts `kind` in a child process of its own (so it has a core, as the API's server has) and returns its port. */
function startChild(kind: Kind): Promise<number> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--import', 'tsx'] });
  onCleanup(`ceiling server ${kind}`, () => void child.kill());
  return new Promise((resolve, reject) => {
    child.once('message', (port) => resolve(port as number));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
  });
}

async function measure(seconds: number, rounds: number) {
  const body = JSON.stringify({
    period: 4,
    amount: 500,
    repaymentDate: nextWorkingDay(addDays(londonToday(), 10)),
    wageFrequencyID: 9,
  });
  console.log('| server | GET req/s | POST req/s | ratio |\n| --- | --- | --- | --- |');
  for (const kind of KINDS) {
    const port = await startChild(kind);
    const base = { connections: 50, duration: seconds, timeout: 10 };
    const get = { ...base, url: `http://127.0.0.1:${port}/get` };
    const post = {
      ...base,
      url: `http://127.0.0.1:${port}/post`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body,
    };
    await runAutocannon({ ...post, duration: 1 });
    await runAutocannon({ ...get, duration: 1 });
    for (let r = 0; r < rounds; r++) {
      const before = await runAutocannon(get);
      const during = await runAutocannon(post);
      const after = await runAutocannon(get);
      if ([before, during, after].some((x) => x.non2xx > 0 || x.errors > 0)) {
        throw new Error(`${kind}: some answers were not 2xx`);
      }
      const bare = (before.requests.average + after.requests.average) / 2;
      const rate = during.requests.average;
      console.log(`| ${kind} | ${round(bare, 0)} | ${round(rate, 0)} | ${round(rate / bare, 2)} |`);
    }
  }
}

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
  },
});

if (values.serve) {
  serve(values.serve as Kind).then((port) => process.send!(port));
} else {
  installExitHandlers(5 * 60_000);
  measure(Number(values.seconds), Number(values.rounds)).then(
    () => cleanupAll().then(() => process.exit(0)),
    (err) => {
      console.error(`[ceiling] ${errorText(err)}`);
      return cleanupAll().then(() => process.exit(1));
    },
  );
}
