import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, addMonths, londonToday } from '@lender/contract/dates';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../apps/api/src/app-context';
import { loadConfig } from '../../apps/api/src/config';
import { standaloneOutsideServices } from '../../apps/api/src/lib/outside-services';
import { servicingFor } from '../../apps/api/src/servicing';
import { createContext } from '../../apps/api/src/start';
import { seedLoans } from '../../apps/api/src/test/seed-loans';
import { fillAccrualDays, JOURNEY_DECISIONS, recordJourneyDecisions } from './cob-fill';
import { cobDates } from './cob-dates';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lender-bench-cob-fill-'));
const opened: { ctx: AppContext; close(): Promise<void> }[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.close();
    await o.ctx.db.destroy();
  }
  if (process.env.TEST_DATABASE_URL && schemas.length > 0) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A SQLite file, or with TEST_DATABASE_URL (as the API's tests) a PostgreSQL schema of its own. */
function databaseUrl(name: string) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return `sqlite:${path.join(dir, `${name}.sqlite`)}`;
  const schema = `bench_cob_${name}_${process.pid}`;
  schemas.push(schema);
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return url.toString();
}

async function book(name: string) {
  const ctx = await createContext(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl(name),
      DATA_KEY_FILE: path.join(dir, 'data.key'),
      JWT_SECRET_FILE: path.join(dir, 'jwt.key'),
    }),
  );
  const services = await standaloneOutsideServices(ctx);
  opened.push({ ctx, close: services.close });
  const dates = cobDates(londonToday());
  await seedLoans(ctx, { count: 12, fundedOn: dates.fundedOn });
  await ctx.businessDate.set(dates.businessDate);
  return { ctx, dates, cob: servicingFor(ctx, services).closeOfBusiness };
}

const ledger = (ctx: AppContext) =>
  ctx.db
    .selectFrom('loan_transactions')
    .select(['application_id', 'type', 'amount_pence', 'on_date', 'reference', 'reverses_id'])
    .orderBy('on_date')
    .orderBy('application_id')
    .orderBy('type')
    .execute();
const closedDays = async (ctx: AppContext) =>
  (
    await ctx.db
      .selectFrom('business_days')
      .select(['business_date', 'loans_closed'])
      .orderBy('business_date')
      .execute()
  ).map((d) => `${d.business_date} ${d.loans_closed}`);
const attempts = (ctx: AppContext) =>
  ctx.db
    .selectFrom('cpa_attempts')
    .select(['application_id', 'seq', 'attempt', 'on_date', 'amount_pence', 'outcome'])
    .orderBy('application_id')
    .execute();

describe('the bench’s bulk accrual days', () => {
  it('leave the book as closing each day would, and the due day then does the same', async () => {
    const real = await book('real');
    const filled = await book('filled');
    const { fundedOn, dueDay } = real.dates;

    await real.cob.closeThrough(addDays(dueDay, -1));
    await filled.cob.closeThrough(addDays(fundedOn, 1));
    const { rows } = await fillAccrualDays(
      filled.ctx.db,
      filled.ctx.dbKind,
      addDays(fundedOn, 2),
      addDays(dueDay, -2),
    );
    await filled.cob.closeThrough(addDays(dueDay, -1));

    expect(rows).toBeGreaterThan(12 * 20);
    expect(await ledger(filled.ctx)).toEqual(await ledger(real.ctx));
    expect(await closedDays(filled.ctx)).toEqual(await closedDays(real.ctx));

    const [a] = await real.cob.closeThrough(dueDay);
    const [b] = await filled.cob.closeThrough(dueDay);
    expect(a).toMatchObject({ date: dueDay, loans: 12, collected: 12 });
    // The same day's work, whatever each step's time.
    expect(Object.keys(b!.stepMs)).toEqual(Object.keys(a!.stepMs));
    expect({ ...b, stepMs: {} }).toEqual({ ...a, stepMs: {} });
    expect(await ledger(filled.ctx)).toEqual(await ledger(real.ctx));
    expect(await attempts(filled.ctx)).toEqual(await attempts(real.ctx));
    // Two books closed day by day for months (each day's credit reporting step too): 4 s alone, more on a
    // busy machine.
  }, 30_000);

  it('refuse days on which a loan has something due', async () => {
    const { ctx, dates } = await book('refused');
    await expect(
      fillAccrualDays(ctx.db, ctx.dbKind, addDays(dates.fundedOn, 2), dates.dueDay),
    ).rejects.toThrow(/instalment due/);
  });
});

describe('the bench’s decisions', () => {
  it('give every seeded loan the decisions of its journey, the approval among them', async () => {
    const { ctx } = await book('decisions');
    expect(await recordJourneyDecisions(ctx.db)).toEqual({ rows: 12 * JOURNEY_DECISIONS.length });
    const approvals = await ctx.db
      .selectFrom('application_decisions')
      .innerJoin('loans', 'loans.application_id', 'application_decisions.application_id')
      .select(['application_decisions.customer_id', 'loans.customer_id as loanCustomer'])
      .where('kind', '=', 'underwriting-approved')
      .execute();
    expect(approvals).toHaveLength(12);
    expect(approvals.every((a) => a.customer_id === a.loanCustomer)).toBe(true);
  });
});

describe('the bench’s dates', () => {
  it('put the first due date before the run’s date and the business date on the day after it', () => {
    for (const today of ['2026-11-26', '2026-03-01', '2026-03-31', '2028-02-29', '2027-01-01']) {
      const d = cobDates(today);
      expect(d.dueDay).toBe(addMonths(d.fundedOn, 1));
      expect(d.dueDay < today).toBe(true);
      expect(d.businessDate).toBe(addDays(d.dueDay, 1) > today ? addDays(d.dueDay, 1) : today);
    }
  });
});
