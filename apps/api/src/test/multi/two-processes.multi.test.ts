import { ErrorId } from '@lender/contract/error-ids';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_RECHECK_MS } from '../../lib/maintenance-switch';
import { LIVENESS_TTL_MS, REFRESH_REUSE_WINDOW_SECONDS } from '../../lib/sessions/session-store';
import { startSmtpSink, type SmtpSink } from '../smtp-sink';
import { createStage1Payload } from '../stage1-payload';
import {
  call,
  createDatabase,
  ops,
  productionEnv,
  startApi,
  stopAll,
  timeUntil,
  type Server,
} from './processes';

/**
 * Two API processes (two ports, as two hosts behind a load balancer) on one PostgreSQL database: what
 * one process does, the other must honour (docs/decisions/032 and 033). Each test sends its calls to
 * both, in turn.
 */

const LOGIN_LIMIT = 6;
/** The SMTP relay takes this long per message, so each process's delivery round lasts seconds and the
 * two overlap: without claims on the rows, both would send the same messages. */
const SMTP_ACCEPT_MS = 120;
const OUTBOX_APPLICANTS = 12;
/** The servers' outbox timer (server.ts). */
const OUTBOX_INTERVAL_MS = 5_000;
/** Slack over a stated bound for a loaded 2-core machine: a poll's own time, a request's queueing. */
const SLACK_MS = 1_500;

let database: Awaited<ReturnType<typeof createDatabase>>;
let sink: SmtpSink;
let settings: ReturnType<typeof productionEnv>;
let a: Server;
let b: Server;
let sql: pg.Client;

beforeAll(async () => {
  database = await createDatabase();
  sink = await startSmtpSink({ acceptDelayMs: SMTP_ACCEPT_MS });
  settings = productionEnv(database.url, {
    SMTP_URL: sink.url,
    LOGIN_FAILURES_PER_ADDRESS: String(LOGIN_LIMIT),
  });
  // One after the other: the second finds the schema migrated (two at once is the cluster test's case).
  a = await startApi(settings.env);
  b = await startApi(settings.env);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  const exits = await stopAll([a, b]);
  await sql?.end();
  await sink?.close();
  await database?.drop();
  settings?.removeFolder();
  // A graceful stop of each process, and nothing either logged at error level.
  expect(exits.map((e) => e.code)).toEqual([0, 0]);
  expect([...(a?.problems ?? []), ...(b?.problems ?? [])]).toEqual([]);
});

const either = (i: number) => (i % 2 === 0 ? a : b);

const submitStage1 = async (server: Server) => {
  const payload = createStage1Payload();
  const res = await call(server, 'POST', '/api/Register/SubmitStage1', { body: payload });
  expect(res.body.error.errorID, JSON.stringify(res.body)).toBe(0);
  return { email: payload.email, ...(res.body.object as { token: string; refreshToken: string }) };
};

/** A session call: 200 while the session lives, 401 once it has ended, 503 in maintenance. */
const statusWith = async (server: Server, token?: string) =>
  (await call(server, 'GET', '/api/Register/GetApplicationStatus', token ? { token } : {})).status;

describe.concurrent('two processes on one database', () => {
  it('stop failed logins from one address at LOGIN_FAILURES_PER_ADDRESS counted over both', async () => {
    const login = (i: number) =>
      call(either(i), 'POST', '/api/Account/Login', {
        body: { userName: `nobody.${i}.${Date.now()}@example.com`, password: `Wrong-Guess-${i}` },
      });
    // One at a time, alternating: each process alone sees half of them.
    const answers = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) answers.push(await login(i));
    const refused = answers.map((r) => r.status === 429);
    expect(refused).toEqual([...Array(LOGIN_LIMIT).fill(false), true, true]);
    for (const r of answers.slice(0, LOGIN_LIMIT)) {
      expect(r.status).toBe(200);
      expect(r.body.error.errorID).not.toBe(0);
    }
    for (const r of answers.slice(LOGIN_LIMIT)) {
      expect(r.body.error.errorID).toBe(ErrorId.tooManyRequests);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('end the session everywhere when a swapped refresh token is replayed on the other process', async () => {
    const first = await submitStage1(a);
    const swap = await call(a, 'POST', '/api/Account/RefreshToken', { body: first.refreshToken });
    expect(swap.body.error.errorID).toBe(0);
    const second = swap.body.object as { token: string; refreshToken: string };
    expect(await statusWith(a, second.token)).toBe(200);
    // Past the reuse window a second use of the swapped token is a stolen copy's.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_REUSE_WINDOW_SECONDS * 1000 + 500));
    expect(await statusWith(a, second.token)).toBe(200); // A has just read the family as live.
    const replay = await call(b, 'POST', '/api/Account/RefreshToken', { body: first.refreshToken });
    expect(replay.body.error.errorID).toBe(ErrorId.unauthorized);
    const replayedAt = Date.now();
    // B ended the family itself: at once there.
    expect(await statusWith(b, second.token)).toBe(401);
    // A trusted its read for at most LIVENESS_TTL_MS.
    const took = await timeUntil(
      LIVENESS_TTL_MS + SLACK_MS,
      async () => (await statusWith(a, second.token)) === 401,
    );
    expect(took, 'A went on accepting the ended session').not.toBeNull();
    expect(Date.now() - replayedAt).toBeLessThanOrEqual(LIVENESS_TTL_MS + SLACK_MS);
    // And the family's newest refresh token is dead on A too.
    const later = await call(a, 'POST', '/api/Account/RefreshToken', { body: second.refreshToken });
    expect(later.body.error.errorID).toBe(ErrorId.unauthorized);
  });

  it('deliver each outbox message once while both run their delivery rounds', async () => {
    // Welcome e-mails (SubmitStage1) and reset e-mails (ForgotPassword), made through both processes.
    const emails: string[] = [];
    for (let i = 0; i < OUTBOX_APPLICANTS; i++) {
      const { email } = await submitStage1(either(i));
      const forgot = await call(either(i + 1), 'POST', '/api/Account/ForgotPassword', { body: email });
      expect(forgot.body.error.errorID).toBe(0);
      emails.push(email);
    }
    const rows = async () =>
      (
        await sql.query<{ to_address: string; sent_at: string | null; attempts: number }>(
          'select to_address, sent_at, attempts from outbox where to_address = any($1)',
          [emails],
        )
      ).rows;
    const allSent = await timeUntil(30_000, async () => (await rows()).every((r) => r.sent_at !== null), 250);
    expect(allSent, 'outbox rows still unsent after 30 s').not.toBeNull();
    // A round of the other process still sending a copy would land within its own round's time.
    await new Promise((resolve) => setTimeout(resolve, OUTBOX_INTERVAL_MS + SLACK_MS));

    const stored = await rows();
    expect(stored.length).toBeGreaterThanOrEqual(OUTBOX_APPLICANTS * 2);
    expect(stored.filter((r) => r.attempts !== 1)).toEqual([]);
    const sentTo = new Map<string, number>();
    for (const m of sink.messages) {
      const to = /^To: (\S+)\r?$/im.exec(m)?.[1];
      if (to) sentTo.set(to, (sentTo.get(to) ?? 0) + 1);
    }
    for (const email of emails) {
      const rowsFor = stored.filter((r) => r.to_address === email).length;
      expect({ email, delivered: sentTo.get(email) ?? 0 }).toEqual({ email, delivered: rowsFor });
    }
  });
});

describe('maintenance switched by staff', () => {
  it('reaches both processes within MAINTENANCE_RECHECK_MS, and ends there too', async () => {
    const session = await submitStage1(b);
    expect([await statusWith(a), await statusWith(b)]).toEqual([401, 401]);
    // Both have read the session as live, and trust that read for a while.
    expect([await statusWith(a, session.token), await statusWith(b, session.token)]).toEqual([200, 200]);

    await ops(settings.env, ['maintenance', 'on']);
    const switchedAt = Date.now();
    const reach = (server: Server, status: number) =>
      timeUntil(MAINTENANCE_RECHECK_MS + SLACK_MS, async () => (await statusWith(server)) === status, 50);
    const on = await Promise.all([reach(a, 503), reach(b, 503)]);
    expect(
      on.every((t) => t !== null),
      `took ${on} ms`,
    ).toBe(true);
    expect(Date.now() - switchedAt).toBeLessThanOrEqual(MAINTENANCE_RECHECK_MS + SLACK_MS);

    await ops(settings.env, ['maintenance', 'off']);
    const off = await Promise.all([reach(a, 401), reach(b, 401)]);
    expect(
      off.every((t) => t !== null),
      `took ${off} ms`,
    ).toBe(true);
    // Switching it on signed everyone out, on every process (each trusts its read for LIVENESS_TTL_MS).
    const signedOut = (server: Server) =>
      timeUntil(LIVENESS_TTL_MS + SLACK_MS, async () => (await statusWith(server, session.token)) === 401);
    expect(await Promise.all([signedOut(a), signedOut(b)])).not.toContain(null);
  });
});
