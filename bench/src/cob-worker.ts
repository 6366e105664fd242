/**
 * One close-of-business measurement in a process of its own (`node --import tsx bench/src/cob-worker.ts`),
 * started by cob.ts with the job in BENCH_COB_JOB and the API's settings in its environment. A process
 * per database and size: its memory figures are the close's alone, and a due day over its time limit is
 * stopped by ending the process (the close of business is built to be killed and started again).
 *
 * Messages to the parent (IPC): `step` after each step, `started` when one begins, `done` at the end;
 * from the parent: `stop`, answered by a `step` with `partial: true` for the step under way, then exit.
 */
import { addDays, londonToday, type IsoDate } from '@lender/contract/dates';
import { sql } from 'kysely';
import type { AppContext } from '../../apps/api/src/app-context';
import { loadConfig } from '../../apps/api/src/config';
import { staffAccounts } from '../../apps/api/src/entities/staff/staff-sessions';
import { standaloneOutsideServices } from '../../apps/api/src/lib/outside-services';
import { STAFF_SESSION_COOKIE } from '../../apps/api/src/plugins/principal';
import { servicingFor } from '../../apps/api/src/servicing';
import { createContext } from '../../apps/api/src/start';
import { seedLoans } from '../../apps/api/src/test/seed-loans';
import { cobDates } from './cob-dates';
import type { CobProvider, CobStep, CobStepName } from './cob-figures';
import { fillAccrualDays, recordJourneyDecisions, settleAfterBulkWrite } from './cob-fill';
import { instantAgency } from './instant-agency';
import { instantCardProvider } from './instant-card-provider';

export type CobJob =
  | { mode: 'close'; loans: number; lastOrdinaryDay: boolean; provider: CobProvider }
  | { mode: 'sessions'; count: number };

export type WorkerMessage =
  | { kind: 'started'; step: CobStepName; date: string }
  | { kind: 'step'; figure: CobStep }
  | { kind: 'tokens'; tokens: string[] }
  | { kind: 'settled'; seconds: number }
  | { kind: 'staff'; cookie: string; samples: { email: string; lastName: string; loanId: number }[] }
  | { kind: 'done'; dates: { fundedOn: string; dueDay: string } }
  | { kind: 'failed'; message: string };

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) {
      console.log(JSON.stringify(message));
      resolve();
      return;
    }
    process.send(message, () => resolve());
  });
}

/** Peak resident set size, sampled every 100 ms (and at the start and end of each step). */
function memorySampler() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  return {
    /** Starts a step's window: its peak counts from here. */
    begin() {
      const rss = process.memoryUsage().rss;
      peak = rss;
      return rss;
    },
    peak() {
      sample();
      return peak;
    },
  };
}

const memory = memorySampler();
let current: {
  step: CobStepName;
  date: string;
  started: number;
  cpu: NodeJS.CpuUsage;
  rssBefore: number;
} | null = null;
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};
let countDone: (() => Promise<number>) | null = null;

async function step<T>(
  name: CobStepName,
  date: string,
  loans: number,
  run: () => Promise<T>,
  detail?: (result: T) => Record<string, number>,
  loansOf?: (result: T) => number,
  stepSecondsOf?: (result: T) => Record<string, number>,
): Promise<T> {
  await send({ kind: 'started', step: name, date });
  const rssBefore = memory.begin();
  const started = performance.now();
  const cpu = process.cpuUsage();
  current = { step: name, date, started, cpu, rssBefore };
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSince(cpu);
  current = null;
  await send({
    kind: 'step',
    figure: {
      step: name,
      date,
      seconds,
      cpuSeconds,
      loans: loansOf ? loansOf(result) : loans,
      ...(detail ? { detail: detail(result) } : {}),
      ...(stepSecondsOf ? { stepSeconds: stepSecondsOf(result) } : {}),
      memory: {
        rssBeforeMb: mb(rssBefore),
        peakRssMb: mb(memory.peak()),
        rssAfterMb: mb(process.memoryUsage().rss),
      },
    },
  });
  return result;
}

/** The parent's time limit: reports the step under way as far as it got, and leaves. */
process.on('message', (message: { kind?: string }) => {
  if (message?.kind !== 'stop') return;
  void (async () => {
    const at = current;
    if (at) {
      const seconds = (performance.now() - at.started) / 1000;
      const cpuSeconds = cpuSince(at.cpu);
      const peak = memory.peak();
      let loans = 0;
      try {
        loans = countDone ? await countDone() : 0;
      } catch {
        // Counted as none: the figure says partial anyway.
      }
      await send({
        kind: 'step',
        figure: {
          step: at.step,
          date: at.date,
          seconds,
          cpuSeconds,
          loans,
          partial: true,
          memory: {
            rssBeforeMb: mb(at.rssBefore),
            peakRssMb: mb(peak),
            rssAfterMb: mb(process.memoryUsage().rss),
          },
        },
      });
    }
    process.exit(0);
  })();
});

async function context(): Promise<AppContext> {
  return createContext(loadConfig(process.env));
}

async function close(job: Extract<CobJob, { mode: 'close' }>) {
  const ctx = await context();
  const services = await standaloneOutsideServices(ctx);
  const cob = servicingFor(
    ctx,
    job.provider === 'instant'
      ? { ...services, cardProvider: instantCardProvider, creditReference: instantAgency }
      : services,
  ).closeOfBusiness;
  const { fundedOn, dueDay, businessDate } = cobDates(londonToday());
  const tally = (days: { collected: number; declined: number }[]) => ({
    days: days.length,
    collected: days.reduce((n, d) => n + d.collected, 0),
    declined: days.reduce((n, d) => n + d.declined, 0),
  });
  const closed = (days: { loans: number }[]) => days.at(-1)?.loans ?? 0;
  // Each of these closes one day: its steps' times, in seconds to the millisecond.
  const stepSeconds = (days: { stepMs: Record<string, number> }[]) =>
    Object.fromEntries(
      Object.entries(days.at(-1)?.stepMs ?? {}).map(([name, ms]) => [name, Math.round(ms) / 1000]),
    );
  const closeDay = (name: CobStepName, date: IsoDate) =>
    step(name, date, job.loans, () => cob.closeThrough(date), tally, closed, stepSeconds);

  await step(
    'seed',
    fundedOn,
    job.loans,
    async () => {
      await seedLoans(ctx, { count: job.loans, fundedOn });
      const decisions = await recordJourneyDecisions(ctx.db);
      await settleAfterBulkWrite(ctx.db, ctx.dbKind);
      return decisions;
    },
    (r) => ({ decisions: r.rows }),
  );
  await ctx.businessDate.set(businessDate);
  // D itself: nothing accrues on the day of the advance, but the day is closed like any other.
  await closeDay('fundingDay', fundedOn);
  await closeDay('ordinaryDay', addDays(fundedOn, 1));
  const lastFilled = addDays(dueDay, job.lastOrdinaryDay ? -2 : -1);
  await step(
    'fill',
    `${addDays(fundedOn, 2)}..${lastFilled}`,
    job.loans,
    async () => {
      const filled = await fillAccrualDays(ctx.db, ctx.dbKind, addDays(fundedOn, 2), lastFilled);
      await settleAfterBulkWrite(ctx.db, ctx.dbKind);
      return filled;
    },
    (r) => ({ rows: r.rows }),
  );
  if (job.lastOrdinaryDay) await closeDay('lastOrdinaryDay', addDays(dueDay, -1));

  // Loans whose collection the provider answered: how far a due day stopped at its time limit got.
  countDone = async () => {
    const row = await ctx.db
      .selectFrom('cpa_attempts')
      .select(sql<number>`count(*)`.as('n'))
      .where('on_date', '=', dueDay)
      .where('outcome', 'in', ['approved', 'declined'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  await closeDay('dueDay', dueDay);
  await send({ kind: 'done', dates: { fundedOn, dueDay } });
  await services.close();
  await ctx.db.destroy();
}

/**
 * The due day writes a row or two for every loan into several tables (the ledger, the attempts, the
 * outbox, the sandboxes' records), and PostgreSQL's autovacuum then works through them: a run whose reads
 * began while it did counted that work as the reads' database CPU (29 November: 0.65 and 1.4 ms a read,
 * against 0.24 to 0.31 ms in the runs before and after). The book is vacuumed and analysed before the
 * reads, as it is analysed after the seed and the fill, so that they measure the read path; answers the
 * seconds it took (`SETTLE_LIMIT_SECONDS` is what the bench's time limit allows for it).
 */
async function settleForReads(ctx: AppContext): Promise<number> {
  if (ctx.dbKind !== 'postgres') return 0;
  const started = performance.now();
  await sql`vacuum (analyze)`.execute(ctx.db);
  await sql`checkpoint`.execute(ctx.db);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Signed-in sessions of random seeded customers with a loan, for the read test. */
async function sessions(job: Extract<CobJob, { mode: 'sessions' }>) {
  const ctx = await context();
  await send({ kind: 'settled', seconds: await settleForReads(ctx) });
  const customers = await ctx.db
    .selectFrom('loans')
    .select('customer_id')
    .orderBy(sql`random()`)
    .limit(job.count)
    .execute();
  const tokens: string[] = [];
  for (const c of customers) tokens.push((await ctx.sessions.issue(c.customer_id)).token);
  await send({ kind: 'tokens', tokens });
  // An agent signed in (issue 48's staff reads), and the customers they look up: seeded ones with a loan.
  const accounts = staffAccounts(ctx.db);
  const agent = await accounts.createMember({
    username: `bench-agent-${Date.now()}`,
    displayName: 'Bench Agent',
    role: 'agent',
  });
  const session = await accounts.openSession(agent.id);
  const samples = await ctx.db
    .selectFrom('loans')
    .innerJoin('customers', 'customers.id', 'loans.customer_id')
    .select(['customers.email', 'customers.last_name', 'loans.application_id'])
    .orderBy(sql`random()`)
    .limit(job.count)
    .execute();
  await send({
    kind: 'staff',
    cookie: `${STAFF_SESSION_COOKIE}=${session.token}`,
    samples: samples.map((c) => ({ email: c.email, lastName: c.last_name, loanId: c.application_id })),
  });
  await ctx.db.destroy();
}

const job = JSON.parse(process.env.BENCH_COB_JOB ?? 'null') as CobJob | null;
if (!job) throw new Error('BENCH_COB_JOB is not set: cob.ts starts this process');
(job.mode === 'close' ? close(job) : sessions(job))
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    await send({ kind: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  });
