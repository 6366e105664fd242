/**
 * The crash test's close-of-business phase (issue 25): a close of business killed at any point and
 * started again finishes its days without charging anyone twice.
 *
 * On a fresh database of its own: LOANS loans paid out today (D, the London date), ~20% of them on the
 * sandbox card that declines every charge; the business date two days past the first due date. The run
 * `close-of-business --through <due date + 1>` (D's accrual days, the due day, the retry day) is started as
 * the ops command staff use (a child process, the card sandbox answering in process) and killed with
 * SIGKILL KILLS times at random moments of its work, restarted each time, and finally left to finish. The
 * database must then hold each day closed once, one interest row per loan and day, one attempt and one
 * provider charge per idempotency key, one ledger row per approved charge, the collections and blocks the
 * rules ask for, no lock, and exactly what an uninterrupted run from the same seeded database holds; one
 * more run changes nothing. Each day's loan events (issue 47: opened, paid, missed) reach the credit
 * reference agency's sandbox, served in the ops process, exactly once however the kills fall.
 *
 * The kills are spread over the three kinds of work (seeded): about a fifth on the accrual days, the rest
 * shared between the due day (every loan charged) and the retry day (second attempts, blocks), each at a
 * moment drawn uniformly over the time that part took in the uninterrupted run. A kill's delay is timed
 * from the moment its run reached that part and first added a row beyond what the killed run before it
 * left (a restart first walks again through the unfinished day, adding nothing), so restarts do not push
 * the kills back into work already done.
 *
 * A killed run leaves its lock in `job_locks`, live for up to 300 s after its last renewal (job-lock.ts):
 * every restart is first tried at once, must be refused cleanly (exit 1, nothing written), and the lock
 * is then aged past its expiry, as waiting out the lapse would, before the run is started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import {
  addDays,
  addMonths,
  daysBetween,
  londonToday,
  setBusinessDateSource,
  type IsoDate,
} from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { loadConfig } from '../../apps/api/src/config';
import type { CpaAttemptTable } from '../../apps/api/src/entities/loans/loan-tables';
import { decrypt, sha256 } from '../../apps/api/src/lib/secrets';
import { createContext } from '../../apps/api/src/start';
import { seedLoans } from '../../apps/api/src/test/seed-loans';
import { sleep, track, within, type Exit } from './server-process';
import { verifySqliteFile, type Check, type Sql } from './verify';

/** A database of the run: its DATABASE_URL, and questions to it from this process. */
export type CobDatabase = { url: string; open: () => Promise<Sql> };

export type CobOptions = {
  label: 'sqlite' | 'postgres';
  repoRoot: string;
  /** This run's temporary directory (documents). */
  tmp: string;
  loans: number;
  kills: number;
  random: () => number;
  /** A new, empty database (removed when the run ends). */
  create: (name: string) => Promise<CobDatabase>;
  /** A copy of `of` as it stands (nothing may be connected to it). */
  copy: (of: CobDatabase, name: string) => Promise<CobDatabase>;
};

export type CobSummary = {
  label: string;
  loans: number;
  declining: number;
  kills: number;
  landed: number;
  refused: number;
  days: number;
  uninterruptedMs: number;
  ms: number;
};

const LOCK = 'close-of-business';
const DECLINING_SHARE = 0.2;
/** What `closeThrough` answers while another holder's lock is live (close-of-business.ts). */
const REFUSED = 'The close of business is already running in another process.';
const RUN_TIMEOUT_MS = 120_000;
const LOCK_WAIT_MS = 60_000;
const MAX_LISTED = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const listed = (items: string[]) =>
  items.slice(0, MAX_LISTED).join('; ') +
  (items.length > MAX_LISTED ? `; ... ${items.length - MAX_LISTED} more` : '');
const n = (v: unknown) => Number(v);

/** Settings of the ops command's environment that could reach an outside service or change the rules. */
const INHERITED_BUT_NOT_WANTED =
  /^(DATABASE_URL|DATA_KEY|DATA_KEY_FILE|JWT_SECRET|JWT_SECRET_FILE|CARD_PROVIDER_|PAYOUT_PROVIDER_|CRA_|SMTP_|SMS_PROVIDER_|COB_TIME|DEFAULT_|LEGAL_AFTER_DAYS|PUBLIC_URL)/;

type CliRun = {
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything it wrote, stdout and stderr. */
  output: string[];
  startedAt: number;
};

type Progress = {
  days: number;
  last: string | null;
  interest: number;
  attempts: number;
  pending: number;
  /** Pending attempts the provider has a charge for: money taken, its answer not yet recorded. */
  chargedPending: number;
  charges: number;
  /** Loans with two declined attempts and no block. */
  declinedTwiceUnblocked: number;
  lock: { holder: string; expires_at: string } | null;
};

/**
 * Grows with every row the close of business adds (postings, attempts, notices, decisions, closed days),
 * and only then: a restarted run first walks again through what its killed predecessor left of the
 * day, which adds nothing.
 */
async function workDone(sql: Sql): Promise<number> {
  const [row] = await sql.all<{ score: unknown }>(
    `select
       (select coalesce(max(id), 0) from loan_transactions) +
       (select coalesce(max(id), 0) from cpa_attempts) +
       (select coalesce(max(id), 0) from loan_notices) +
       (select coalesce(max(id), 0) from application_decisions) +
       (select count(*) from business_days) as score`,
  );
  return n(row?.score);
}

async function progressOf(sql: Sql): Promise<Progress> {
  const [row] = await sql.all<Record<string, unknown>>(
    `select
       (select count(*) from business_days) as days,
       (select max(business_date) from business_days) as last,
       (select count(*) from loan_transactions where type = 'interest') as interest,
       (select count(*) from cpa_attempts) as attempts,
       (select count(*) from cpa_attempts where outcome = 'pending') as pending,
       (select count(*) from cpa_attempts a join card_sandbox_charges c on c.reference = a.idempotency_key
         where a.outcome = 'pending') as charged_pending,
       (select count(*) from card_sandbox_charges) as charges,
       (select count(*) from loans l where l.blocked_on is null and
         (select count(*) from cpa_attempts a where a.application_id = l.application_id
           and a.outcome = 'declined') >= 2) as unblocked`,
  );
  const [lock] = await sql.all<{ holder: string; expires_at: string }>(
    'select holder, expires_at from job_locks where name = ?',
    [LOCK],
  );
  return {
    days: n(row?.days),
    last: (row?.last as string | null) ?? null,
    interest: n(row?.interest),
    attempts: n(row?.attempts),
    pending: n(row?.pending),
    chargedPending: n(row?.charged_pending),
    charges: n(row?.charges),
    declinedTwiceUnblocked: n(row?.unblocked),
    lock: lock ?? null,
  };
}

/**
 * Everything the close of business writes, row by row as text (without ids or times, which differ from
 * run to run): two databases seeded alike and closed through the same day must hold the same.
 */
async function snapshot(sql: Sql): Promise<Record<string, string[]>> {
  const rows = async (text: string) =>
    (await sql.all<Record<string, unknown>>(text)).map((r) => Object.values(r).map(String).join('|')).sort();
  return {
    business_days: await rows('select business_date, loans_closed from business_days'),
    loan_transactions: await rows(
      'select application_id, type, amount_pence, on_date, reverses_id, reference from loan_transactions',
    ),
    cpa_attempts: await rows(
      'select application_id, seq, attempt, on_date, idempotency_key, amount_pence, outcome, z2 from cpa_attempts',
    ),
    card_sandbox_charges: await rows(
      'select reference, token_hash, amount_pence, outcome, z2 from card_sandbox_charges',
    ),
    loans: await rows(
      'select application_id, blocked_on, blocked_reason, settled_on, default_notice_on, remedy_by, ' +
        'defaulted_on, cpa_cancelled_at from loans',
    ),
    applications: await rows('select id, status_id from applications'),
    application_decisions: await rows('select application_id, kind, reason from application_decisions'),
    loan_notices: await rows('select application_id, kind, on_date, reference from loan_notices'),
    outbox: await rows('select channel, to_address, subject from outbox'),
    customers: await rows('select id, is_legal from customers'),
    job_locks: await rows('select name from job_locks'),
    // The batch of loans a run holds (issue 44): none left once a run has finished.
    loan_batch_locks: await rows('select name from loan_batch_locks'),
    // The day's loan events for the credit reference agency (issue 47), and what the agency's sandbox
    // received: each event once, however often a killed run sent it before marking it sent.
    credit_reporting_outbox: await rows(
      'select event_id, application_id, event, occurred_on, state from credit_reporting_outbox',
    ),
    cra_sandbox_records: await rows(
      'select event_id, account_reference, event, occurred_on from cra_sandbox_records',
    ),
  };
}

/** The rows only one side has, table by table (as multisets). */
function differences(a: Record<string, string[]>, b: Record<string, string[]>, aName: string, bName: string) {
  const out: string[] = [];
  for (const table of Object.keys(a)) {
    const count = new Map<string, number>();
    for (const r of a[table] ?? []) count.set(r, (count.get(r) ?? 0) + 1);
    for (const r of b[table] ?? []) count.set(r, (count.get(r) ?? 0) - 1);
    for (const [row, c] of count) {
      if (c > 0) out.push(`${table} ${row} (${c}x only in ${aName})`);
      if (c < 0) out.push(`${table} ${row} (${-c}x only in ${bName})`);
    }
  }
  return out;
}

const counts = (s: Record<string, string[]>) =>
  Object.entries(s)
    .map(([t, r]) => `${t} ${r.length}`)
    .join(', ');

export async function cobCrash(options: CobOptions, checks: Check[]): Promise<CobSummary> {
  const t0 = Date.now();
  const { label, repoRoot, random } = options;
  const say = (line: string) => console.log(`[${label} cob] ${line}`);
  const keys = {
    DATA_KEY: crypto.randomBytes(32).toString('hex'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  };
  // NODE_ENV=test: the card sandbox answers the ops command in process, as on a developer's machine.
  const settings = (url: string) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    ...keys,
    DOCUMENTS_DIR: path.join(options.tmp, 'documents'),
    WEB_DIST: path.join(options.tmp, 'no-web-build'),
    MAINTENANCE_MODE: 'false',
  });

  function cli(url: string, args: string[]): CliRun {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!INHERITED_BUT_NOT_WANTED.test(k)) env[k] = v;
    // `node --import tsx`, not `npm run ops`: one process, so the SIGKILL hits the close of business itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/ops/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...env, ...settings(url) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child);
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) readline.createInterface({ input: stream }).on('line', (l) => output.push(l));
    }
    const exited = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    return { pid: child.pid ?? -1, child, exited, output, startedAt: Date.now() };
  }

  const tail = (run: CliRun) => run.output.slice(-30).join('\n');
  const finished = async (run: CliRun, what: string) => {
    const exit = await within(RUN_TIMEOUT_MS, what, run.exited);
    if (exit.code !== 0)
      throw new Error(`${what}: exit code ${exit.code}, signal ${exit.signal}; its output:\n${tail(run)}`);
    return exit;
  };

  /**
   * When `run` was working on `from` or a later day and had added a row beyond `baseline` (ms since the
   * epoch), or how it ended before.
   */
  async function reached(sql: Sql, run: CliRun, from: IsoDate, baseline: number): Promise<number | Exit> {
    const state: { exit: Exit | null } = { exit: null };
    void run.exited.then((e) => (state.exit = e));
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    const dayBefore = addDays(from, -1);
    while (Date.now() < deadline) {
      const ended = state.exit;
      const [row] = await sql.all<{ last: string | null }>(
        'select max(business_date) as last from business_days',
      );
      const there = from === D || (row?.last != null && row.last >= dayBefore);
      if (there && (await workDone(sql)) > baseline) return Date.now();
      if (ended) return ended;
      await sleep(5);
    }
    run.child.kill('SIGKILL');
    throw new Error(
      `close-of-business pid ${run.pid} added nothing within ${RUN_TIMEOUT_MS} ms:\n${tail(run)}`,
    );
  }

  /** When `run` took the lock (ms since the epoch), or how it ended without (a refusal, or all done). */
  async function lockTaken(sql: Sql, run: CliRun): Promise<number | Exit> {
    const state: { exit: Exit | null } = { exit: null };
    void run.exited.then((e) => (state.exit = e));
    const deadline = Date.now() + LOCK_WAIT_MS;
    while (Date.now() < deadline) {
      const ended = state.exit;
      const [row] = await sql.all<{ holder: string }>('select holder from job_locks where name = ?', [LOCK]);
      if (row?.holder.includes(`:${run.pid}:`)) return Date.now();
      if (ended) return ended;
      await sleep(10);
    }
    run.child.kill('SIGKILL');
    throw new Error(`close-of-business pid ${run.pid} took no lock within ${LOCK_WAIT_MS} ms:\n${tail(run)}`);
  }

  // 1. The book: LOANS loans paid out today, a random ~20% of them on the card that declines charges.
  const db = await options.create('cob');
  const D = londonToday(new Date());
  const ctx = await createContext(loadConfig(settings(db.url)));
  let ids: number[];
  let declining: Set<number>;
  try {
    // One seedLoans call per database: its customers' mobile numbers start again at 07000000000 in each.
    ids = await seedLoans(ctx, { count: options.loans, fundedOn: D, behaviour: 'frictionless' });
    const shuffled = ids
      .map((id) => ({ id, r: random() }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.id);
    declining = new Set(shuffled.slice(0, Math.round(ids.length * DECLINING_SHARE)));
    const cards = await ctx.db
      .selectFrom('cards')
      .select(['application_id', 'provider_token_sealed'])
      .where('application_id', 'in', [...declining])
      .execute();
    // The sandbox's side of the card decides what a charge answers; the seeded cards pay until told not to.
    await ctx.db.transaction().execute(async (trx) => {
      for (const card of cards) {
        await trx
          .updateTable('card_sandbox_transactions' as never)
          .set({ behaviour: 'declines-charges' } as never)
          .where(
            'token_hash' as never,
            '=',
            sha256(decrypt(card.provider_token_sealed, ctx.config.DATA_KEY)) as never,
          )
          .execute();
      }
    });
  } finally {
    await ctx.db.destroy();
    // createContext made the seeded database's business date this process's 'today': undo that.
    setBusinessDateSource(null);
  }

  const read = await db.open();
  const [first] = await read
    .all<{ due_date: string }>('select min(due_date) as due_date from loan_instalments where seq = 1')
    .finally(() => read.close());
  const due = first?.due_date as IsoDate;
  const retry = addDays(due, 1);
  const target = retry;
  const businessDate = addDays(addMonths(D, 1), 2);
  const dateRun = cli(db.url, ['business-date', 'set', businessDate]);
  await finished(dateRun, 'business-date set');
  const startupMs = Date.now() - dateRun.startedAt;
  say(
    `${ids.length} loans paid out on ${D} (${declining.size} on the card that declines charges), first due ` +
      `${due}; business date ${businessDate} (ops command, ${seconds(startupMs)}); closing through ${target}`,
  );

  // 2. The same book closed without a kill: the measure of the work, and the outcome to match.
  const reference = await options.copy(db, 'cob_uninterrupted');
  const refSql = await reference.open();
  let uninterruptedMs: number;
  let expected: Record<string, string[]>;
  let dayMs: Map<string, number>;
  try {
    const run = cli(reference.url, ['close-of-business', '--through', target]);
    const took = await lockTaken(refSql, run);
    if (typeof took !== 'number')
      throw new Error(
        `the uninterrupted run ended before taking its lock (code ${took.code}):\n${tail(run)}`,
      );
    await finished(run, 'the uninterrupted close of business');
    uninterruptedMs = Date.now() - took;
    expected = await snapshot(refSql);
    dayMs = new Map(
      (
        await refSql.all<{ business_date: string; started_at: string; closed_at: string }>(
          'select business_date, started_at, closed_at from business_days',
        )
      ).map((d) => [d.business_date, Date.parse(d.closed_at) - Date.parse(d.started_at)]),
    );
    say(
      `uninterrupted run on a copy: lock taken ${seconds(took - run.startedAt)} after start, ` +
        `${seconds(uninterruptedMs)} of work (${run.output.filter((l) => l.includes(': closed')).length} days)`,
    );
  } finally {
    await refSql.close();
  }

  // 3. The kills: per part of the work, moments drawn uniformly over the time it took uninterrupted.
  const accrualKills = options.kills >= 3 ? Math.max(1, Math.round(options.kills * 0.2)) : 0;
  const retryKills = Math.floor((options.kills - accrualKills) / 2);
  const spanMs = (from: IsoDate, to: IsoDate) => {
    let ms = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) ms += dayMs.get(d) ?? 0;
    return Math.max(ms, 1);
  };
  const parts = [
    { name: 'accrual days', from: D, ms: spanMs(D, addDays(due, -1)), kills: accrualKills },
    { name: 'due day', from: due, ms: spanMs(due, due), kills: options.kills - accrualKills - retryKills },
    { name: 'retry day', from: retry, ms: spanMs(retry, retry), kills: retryKills },
  ];
  const plan = parts.flatMap((part) => {
    // 0.9: a restarted run skips what is already posted, so its part ends a little sooner.
    const moments = Array.from({ length: part.kills }, () => random() * part.ms * 0.9).sort((a, b) => a - b);
    return moments.map((m, i) => ({ part, delay: Math.round(m - (i === 0 ? 0 : moments[i - 1]!)) }));
  });
  say(
    `kills planned: ${parts.map((p) => `${p.kills} on the ${p.name} (${seconds(p.ms)} uninterrupted)`).join(', ')}`,
  );
  const sql = await db.open();
  const refusals: string[] = [];
  const refusalProblems: string[] = [];
  let landed = 0;
  /** Kills that found the work done: the runs before them got further than the uninterrupted timing said. */
  let finishedFirst = 0;

  /**
   * Starts the close of business until a run takes the lock. A run refused because a killed run's lock
   * is still live (it lapses 300 s after its last renewal) is recorded, the lock is aged past its expiry
   * (what waiting out the lapse would do), and the run started again.
   */
  async function startHoldingLock(what: string): Promise<{ run: CliRun; took: number } | { done: Exit }> {
    for (let attempt = 1; ; attempt++) {
      const before = await progressOf(sql);
      const run = cli(db.url, ['close-of-business', '--through', target]);
      const took = await lockTaken(sql, run);
      if (typeof took === 'number') return { run, took };
      if (took.code === 0) return { done: took };
      const refused = took.code === 1 && run.output.some((l) => l.trim() === REFUSED);
      if (!refused || attempt > 1 || !before.lock) {
        throw new Error(`${what}: close-of-business exited with code ${took.code}:\n${tail(run)}`);
      }
      const after = await progressOf(sql);
      const leftS = Math.round((Date.parse(before.lock.expires_at) - Date.now()) / 1000);
      refusals.push(`${what}: refused with ${leftS} s of the lock left`);
      if (JSON.stringify(after) !== JSON.stringify(before))
        refusalProblems.push(`${what}: the refused run changed the database`);
      const aged = await sql.run('update job_locks set expires_at = ? where name = ? and holder = ?', [
        new Date(Date.now() - 1000).toISOString(),
        LOCK,
        before.lock.holder,
      ]);
      say(
        `  ${what}: refused, exit 1 "${REFUSED}" (the killed run's lock, holder ${before.lock.holder}, ` +
          `expires ${before.lock.expires_at}: ${leftS} s away); lock aged past its expiry (${aged} row), started again`,
      );
    }
  }

  try {
    let baseline = await workDone(sql);
    for (let k = 1; k <= options.kills; k++) {
      const { part, delay } = plan[k - 1]!;
      const started = await startHoldingLock(`run ${k}`);
      if ('done' in started) {
        say(`kill ${k}/${options.kills}: nothing left to kill, the run finished before taking the lock`);
        finishedFirst += 1;
        continue;
      }
      const { run, took } = started;
      const resumed = await reached(sql, run, part.from, baseline);
      if (typeof resumed !== 'number') {
        if (resumed.code !== 0) throw new Error(`run ${k} failed (code ${resumed.code}):\n${tail(run)}`);
        say(`kill ${k}/${options.kills}: nothing left to kill, the run finished (exit 0) adding nothing`);
        finishedFirst += 1;
        continue;
      }
      const early = await Promise.race([run.exited, sleep(delay).then(() => null)]);
      if (early) {
        if (early.code !== 0) throw new Error(`run ${k} failed (code ${early.code}):\n${tail(run)}`);
        say(
          `kill ${k}/${options.kills} (${part.name}): the run finished (exit 0) before its kill ${delay} ms in`,
        );
        finishedFirst += 1;
        continue;
      }
      run.child.kill('SIGKILL');
      const exit = await within(10_000, `close-of-business ${run.pid} to exit after SIGKILL`, run.exited);
      if (exit.signal !== 'SIGKILL') {
        if (exit.code !== 0) throw new Error(`run ${k} failed (code ${exit.code}):\n${tail(run)}`);
        say(`kill ${k}/${options.kills} (${part.name}): the run finished (exit 0) just before its kill`);
        finishedFirst += 1;
        continue;
      }
      landed += 1;
      baseline = await workDone(sql);
      const p = await progressOf(sql);
      say(
        `kill ${k}/${options.kills} (${part.name}): lock taken ${seconds(took - run.startedAt)} after start, ` +
          `new rows there ${resumed - took} ms later, SIGKILL ${delay} ms into them; closed through ${p.last ?? 'nothing'} (${p.days} days), ${p.interest} ` +
          `interest rows, ${p.attempts} attempts (${p.pending} pending, ${p.chargedPending} of them charged at ` +
          `the provider), ${p.charges} charges, ${p.declinedTwiceUnblocked} loans declined twice and not ` +
          `blocked; lock ${p.lock ? 'left behind' : 'released'}`,
      );
    }

    // 4. The last run finishes the days; one more changes nothing.
    const last = await startHoldingLock('final run');
    if ('run' in last) await finished(last.run, 'the final close of business');
    say(`final run: exit 0 ${'run' in last ? `after ${seconds(Date.now() - last.run.startedAt)}` : ''}`);
    const closed = await snapshot(sql);
    const locksLeft = await sql.all<{ holder: string; expires_at: string }>(
      'select holder, expires_at from job_locks union all select holder, expires_at from loan_batch_locks',
    );
    const extra = cli(db.url, ['close-of-business', '--through', target]);
    const extraExit = await within(RUN_TIMEOUT_MS, 'the extra close of business', extra.exited);
    const again = await snapshot(sql);
    say(`extra run: exit ${extraExit.code}, "${extra.output.join(' ').slice(0, 120)}"`);

    // 5. The database against the rules and against the uninterrupted run.
    checks.push(...(await verifyCob(sql, { D, due, retry, target, ids, declining })));
    checks.push({
      name: 'no job_locks or loan_batch_locks row after the final clean run',
      ok: locksLeft.length === 0,
      detail:
        locksLeft.length === 0 ? 'none' : listed(locksLeft.map((l) => `${l.holder} until ${l.expires_at}`)),
    });
    checks.push({
      name: 'the SIGKILLs landed while the close of business was working',
      // The last kills may find the work done when the restarted runs went faster than the uninterrupted one.
      ok: landed >= 1 && landed + finishedFirst === options.kills,
      detail:
        `${landed} of ${options.kills}` +
        (finishedFirst ? ` (${finishedFirst} found the work finished before their moment)` : '') +
        `; planned ${plan.map((p) => `${p.part.name} +${p.delay} ms`).join(', ')}`,
    });
    checks.push({
      name: "a restart after a kill is refused only while the killed run's lock is live, cleanly, then proceeds once it lapses",
      ok: refusalProblems.length === 0,
      detail:
        refusalProblems.length > 0
          ? listed(refusalProblems)
          : refusals.length === 0
            ? 'no restart found a live lock'
            : `${refusals.length} restarts refused ("${REFUSED}") and nothing changed; each ran once the lock was ` +
              `past its expiry. ${listed(refusals)}`,
    });
    const diff = differences(closed, expected, 'the killed run', 'the uninterrupted run');
    checks.push({
      name: 'the killed and restarted close of business ends as an uninterrupted one from the same book',
      ok: diff.length === 0,
      detail: diff.length === 0 ? counts(closed) : `${diff.length} rows differ: ${listed(diff)}`,
    });
    const changed = differences(closed, again, 'before', 'after');
    const nothingLeft = extra.output.some((l) => l.startsWith('Nothing to close'));
    checks.push({
      name: 'one more close-of-business run changes nothing',
      ok: extraExit.code === 0 && nothingLeft && changed.length === 0,
      detail:
        `exit ${extraExit.code}, "${extra.output.join(' ').slice(0, 100)}"; ` +
        (changed.length === 0 ? 'row counts and rows identical' : `changed: ${listed(changed)}`),
    });
    checks.push(await verifySharedOnce(sql, ids.length));
    if (sql.kind === 'sqlite') checks.push(...(await verifySqliteFile(sql)));
  } finally {
    await sql.close();
  }

  return {
    label,
    loans: ids.length,
    declining: declining.size,
    kills: options.kills,
    landed,
    refused: refusals.length,
    days: daysBetween(D, target) + 1,
    uninterruptedMs,
    ms: Date.now() - t0,
  };
}

type Book = {
  D: IsoDate;
  due: IsoDate;
  retry: IsoDate;
  target: IsoDate;
  ids: number[];
  declining: Set<number>;
};

type AttemptRow = Pick<
  CpaAttemptTable,
  'application_id' | 'seq' | 'attempt' | 'on_date' | 'idempotency_key' | 'amount_pence' | 'outcome'
>;

/** The database after the last run, against the rules of the close of business. */
async function verifyCob(sql: Sql, book: Book): Promise<Check[]> {
  const { D, due, retry, target, ids, declining } = book;
  const checks: Check[] = [];
  const over = (name: string, total: number, problems: string[], note = ''): Check => ({
    name,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `${total}/${total}${note}`
        : `${problems.length} of ${total} wrong: ${listed(problems)}`,
  });
  const group = <T>(rows: T[], key: (r: T) => string) => {
    const m = new Map<string, T[]>();
    for (const r of rows) {
      const k = key(r);
      const list = m.get(k) ?? [];
      list.push(r);
      m.set(k, list);
    }
    return m;
  };

  // Days.
  const afterFunding: IsoDate[] = [];
  for (let d = addDays(D, 1); d <= target; d = addDays(d, 1)) afterFunding.push(d);
  const days = await sql.all<{ business_date: string; n: number }>(
    'select business_date, count(*) as n from business_days group by business_date order by business_date',
  );
  const dayCount = new Map(days.map((d) => [d.business_date, n(d.n)]));
  const dayProblems = [
    ...afterFunding
      .filter((d) => dayCount.get(d) !== 1)
      .map((d) => `${d} closed ${dayCount.get(d) ?? 0} times`),
    ...days
      .filter((d) => d.business_date < D || d.business_date > target)
      .map((d) => `${d.business_date} closed`),
  ];
  checks.push(
    over(
      `every day from ${addDays(D, 1)} to ${target} is in business_days exactly once (and none past it)`,
      afterFunding.length,
      dayProblems,
      dayCount.has(D)
        ? `; the funding day ${D} is closed too (the first open day is the first payout's)`
        : '',
    ),
  );

  // Interest: one row per loan and closed day after its payout, nothing on the payout day or later.
  const interest = await sql.all<{ application_id: number; on_date: string; n: number }>(
    "select application_id, on_date, count(*) as n from loan_transactions where type = 'interest' " +
      'group by application_id, on_date',
  );
  const interestByLoan = group(interest, (r) => String(r.application_id));
  const interestProblems: string[] = [];
  for (const id of ids) {
    const rows = interestByLoan.get(String(id)) ?? [];
    const twice = rows.filter((r) => n(r.n) !== 1).map((r) => `${r.on_date} x${r.n}`);
    const outside = rows.filter((r) => r.on_date <= D || r.on_date > target).map((r) => r.on_date);
    const dates = new Set(rows.map((r) => r.on_date));
    const missing = afterFunding.filter((d) => !dates.has(d));
    if (twice.length || outside.length || missing.length)
      interestProblems.push(
        `loan ${id}: ${rows.length} interest days` +
          (twice.length ? `, twice: ${twice.join(',')}` : '') +
          (outside.length ? `, outside ${addDays(D, 1)}..${target}: ${outside.join(',')}` : '') +
          (missing.length ? `, missing: ${missing.slice(0, 3).join(',')}` : ''),
      );
  }
  checks.push(
    over(
      `one interest row per loan per closed day after funding (${afterFunding.length} days each)`,
      ids.length,
      interestProblems,
    ),
  );

  const dupRefs = await sql.all<{ reference: string; n: number }>(
    'select reference, count(*) as n from loan_transactions group by reference having count(*) > 1',
  );
  const txCount = await sql.all<{ n: number }>('select count(*) as n from loan_transactions');
  checks.push({
    name: 'no loan_transactions.reference twice',
    ok: dupRefs.length === 0,
    detail:
      dupRefs.length === 0
        ? `${n(txCount[0]?.n)} rows, every reference once`
        : listed(dupRefs.map((r) => `${r.reference} x${r.n}`)),
  });

  // Attempts, the ledger and the provider's charges: nobody charged twice.
  const attempts = (
    await sql.all<AttemptRow>(
      'select application_id, seq, attempt, on_date, idempotency_key, amount_pence, outcome from cpa_attempts',
    )
  ).map((a) => ({ ...a, application_id: n(a.application_id), amount_pence: n(a.amount_pence) }));
  const perInstalment = group(attempts, (a) => `${a.application_id}:${a.seq}`);
  const attemptProblems: string[] = [];
  for (const [k, list] of perInstalment) {
    const by = (o: string) => list.filter((a) => a.outcome === o).length;
    if (by('approved') > 1 || by('declined') > 2 || by('pending') > 0 || by('unavailable') > 0)
      attemptProblems.push(
        `loan:seq ${k}: ${list.map((a) => `#${a.attempt} ${a.on_date} ${a.outcome}`).join(', ')}`,
      );
  }
  checks.push(
    over(
      'per loan and instalment at most one approved and two declined cpa_attempts, none pending or unavailable',
      perInstalment.size,
      attemptProblems,
    ),
  );

  const instalments = await sql.all<{
    application_id: number;
    amount_pence: number;
    on_date: string;
    reference: string;
  }>(
    "select application_id, amount_pence, on_date, reference from loan_transactions where type = 'instalment'",
  );
  const instalmentsByRef = group(instalments, (r) => r.reference);
  const approved = attempts.filter((a) => a.outcome === 'approved');
  const ledgerProblems: string[] = [];
  for (const a of approved) {
    const rows = instalmentsByRef.get(`cpa:${a.idempotency_key}`) ?? [];
    const row = rows[0];
    if (
      rows.length !== 1 ||
      !row ||
      n(row.amount_pence) !== a.amount_pence ||
      row.on_date !== a.on_date ||
      n(row.application_id) !== a.application_id
    )
      ledgerProblems.push(
        `${a.idempotency_key}: ${rows.length} instalment rows ${rows.map((r) => `${r.amount_pence}p ${r.on_date}`).join(', ')}`,
      );
  }
  const approvedKeys = new Set(approved.map((a) => `cpa:${a.idempotency_key}`));
  for (const r of instalments)
    if (!approvedKeys.has(r.reference))
      ledgerProblems.push(`instalment ${r.reference} (loan ${r.application_id}) has no approved attempt`);
  checks.push(
    over(
      'every approved attempt has exactly one instalment transaction (reference cpa:<key>, same amount and day), ' +
        'and every instalment transaction its approved attempt',
      approved.length,
      ledgerProblems,
    ),
  );

  const charges = (
    await sql.all<{ reference: string; amount_pence: number; outcome: string }>(
      'select reference, amount_pence, outcome from card_sandbox_charges',
    )
  ).map((c) => ({ ...c, amount_pence: n(c.amount_pence) }));
  const chargesByRef = group(charges, (c) => c.reference);
  const attemptKeys = new Set(attempts.map((a) => a.idempotency_key));
  const chargeProblems: string[] = [];
  for (const a of attempts) {
    const list = chargesByRef.get(a.idempotency_key) ?? [];
    const c = list[0];
    if (list.length !== 1 || !c || c.amount_pence !== a.amount_pence || c.outcome !== a.outcome)
      chargeProblems.push(
        `${a.idempotency_key} (${a.outcome}, ${a.amount_pence}p): ${list.length} charges ` +
          list.map((x) => `${x.outcome} ${x.amount_pence}p`).join(', '),
      );
  }
  for (const c of charges)
    if (!attemptKeys.has(c.reference))
      chargeProblems.push(`charge ${c.reference} (${c.outcome}) has no attempt`);
  const takenPerLoan = group(
    charges.filter((c) => c.outcome === 'approved'),
    (c) => c.reference.split(':').slice(0, 3).join(':'),
  );
  for (const [loanSeq, list] of takenPerLoan)
    if (list.length > 1) chargeProblems.push(`${loanSeq}: money taken ${list.length} times`);
  checks.push(
    over(
      'card_sandbox_charges has exactly one row per attempt key (same amount and outcome) and no charge ' +
        'without an attempt: nobody charged twice',
      attempts.length,
      chargeProblems,
      `; ${charges.length} charges, ${charges.filter((c) => c.outcome === 'approved').length} approved`,
    ),
  );

  // What the rules ask for each kind of loan.
  const schedule = await sql.all<{ application_id: number; payment_pence: number; due_date: string }>(
    'select application_id, payment_pence, due_date from loan_instalments where seq = 1',
  );
  const firstPayment = new Map(schedule.map((s) => [n(s.application_id), s]));
  const loans = await sql.all<{
    application_id: number;
    blocked_on: string | null;
    blocked_reason: string | null;
  }>('select application_id, blocked_on, blocked_reason from loans');
  const loanById = new Map(loans.map((l) => [n(l.application_id), l]));
  const statuses = new Map(
    (await sql.all<{ id: number; status_id: number }>('select id, status_id from applications')).map((a) => [
      n(a.id),
      n(a.status_id),
    ]),
  );
  const notices = group(
    await sql.all<{ application_id: number; kind: string; reference: string }>(
      'select application_id, kind, reference from loan_notices',
    ),
    (r) => String(r.application_id),
  );
  const attemptsByLoan = group(attempts, (a) => String(a.application_id));
  const describe = (list: AttemptRow[]) =>
    list.length === 0
      ? 'no attempts'
      : list
          .sort((a, b) => a.attempt - b.attempt)
          .map((a) => `#${a.attempt} ${a.on_date} ${a.outcome} ${a.amount_pence}p`)
          .join(', ');

  const payingProblems: string[] = [];
  const declinedProblems: string[] = [];
  for (const id of ids) {
    const list = (attemptsByLoan.get(String(id)) ?? []).filter((a) => a.seq === 1);
    const loan = loanById.get(id);
    const payment = firstPayment.get(id);
    const status = statuses.get(id);
    if (!declining.has(id)) {
      const ok =
        list.length === 1 &&
        list[0]!.outcome === 'approved' &&
        list[0]!.on_date === due &&
        list[0]!.amount_pence === n(payment?.payment_pence) &&
        !loan?.blocked_on &&
        status === AppStatus.active;
      if (!ok)
        payingProblems.push(
          `loan ${id}: ${describe(list)}; payment ${payment?.payment_pence}p; blocked_on ${loan?.blocked_on}; status ${status}`,
        );
    } else {
      const blockedNotices = (notices.get(String(id)) ?? []).filter((x) => x.kind === 'card-blocked');
      const ok =
        list.length === 2 &&
        list.every((a) => a.outcome === 'declined') &&
        list.some((a) => a.attempt === 1 && a.on_date === due) &&
        list.some((a) => a.attempt === 2 && a.on_date === retry) &&
        loan?.blocked_on === retry &&
        blockedNotices.length === 1 &&
        status === AppStatus.arrears;
      if (!ok)
        declinedProblems.push(
          `loan ${id}: ${describe(list)}; blocked_on ${loan?.blocked_on ?? 'null'} ` +
            `(${loan?.blocked_reason ?? 'no reason'}); ${blockedNotices.length} card-blocked notices; status ${status}`,
        );
    }
  }
  checks.push(
    over(
      `frictionless loans have their first instalment collected once, on ${due}, for the schedule's payment_pence of seq 1`,
      ids.length - declining.size,
      payingProblems,
    ),
  );
  checks.push(
    over(
      `declines-charges loans: declined on ${due} and ${retry}, then blocked_on ${retry} with one card-blocked notice, in arrears`,
      declining.size,
      declinedProblems,
    ),
  );
  return checks;
}

/**
 * Issue 47: every loan event of the days closed reached the credit reference agency's sandbox exactly
 * once across the kills (a run killed after the agency received a batch and before marking it sent sends
 * it again; the agency keeps an eventId once), and nothing is left unsent: each loan's opening, and for
 * each loan its first instalment paid or missed.
 */
async function verifySharedOnce(sql: Sql, loans: number): Promise<Check> {
  const [row] = await sql.all<Record<string, unknown>>(
    `select
       (select count(*) from credit_reporting_outbox) as stored,
       (select count(*) from credit_reporting_outbox where state = 'sent') as sent,
       (select count(*) from credit_reporting_outbox where event = 'opened') as opened,
       (select count(*) from credit_reporting_outbox where event in ('payment', 'missed')) as due,
       (select count(*) from cra_sandbox_records) as received,
       (select count(distinct event_id) from cra_sandbox_records) as distinct_received,
       (select count(*) from credit_reporting_outbox o where not exists
         (select 1 from cra_sandbox_records r where r.event_id = o.event_id)) as missing`,
  );
  // NaN where a figure is missing: every comparison below then fails, as it should.
  const [stored = NaN, sent = NaN, opened = NaN, due = NaN, received = NaN, distinct = NaN, missing = NaN] = [
    row?.stored,
    row?.sent,
    row?.opened,
    row?.due,
    row?.received,
    row?.distinct_received,
    row?.missing,
  ].map(n);
  return {
    name: 'each loan event reached the credit reference agency once, and every one was sent',
    ok:
      stored > 0 &&
      sent === stored &&
      opened === loans &&
      due === loans &&
      received === stored &&
      distinct === received &&
      missing === 0,
    detail:
      `${stored} events stored (${opened} opened, ${due} paid or missed), ${sent} marked sent; the sandbox ` +
      `holds ${received} records (${distinct} event ids), ${missing} stored events not received`,
  };
}
