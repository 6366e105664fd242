import { describe, expect, it } from 'vitest';
import type { ApiFigure, Load } from './api';
import { checkBudgets } from './budgets';
import type { CobFigures, CobProvider, CobReadFigure, CobRun, CobStep } from './cob-figures';
import type { LighthouseFigure } from './lighthouse';
import type { PageFigure } from './pages';

const load = (overrides: Partial<Load> = {}): Load => ({
  rps: 12_000,
  p50Ms: 3,
  p99Ms: 9,
  requests: 60_000,
  non2xx: 0,
  errors: 0,
  ...overrides,
});

const measured = (call: string, kind: 'read' | 'write', overrides: Partial<ApiFigure> = {}): ApiFigure => ({
  call,
  path: `/api/${call}`,
  kind,
  status: 'measured',
  load: load(),
  bare: load({ rps: 16_000 }),
  ratio: 0.75,
  ...overrides,
});

const page = (name: string, jsGzipKb: number, paint: Partial<PageFigure> = {}) =>
  ({
    page: name,
    path: `/${name}`,
    firstLoad: { jsGzipKb },
    fcpMs: 420,
    lcpMs: 520,
    cls: 0,
    ...paint,
  }) as PageFigure;
const lighthouse = (name: string, performance: number, accessibility: number) =>
  ({ page: name, path: `/${name}`, scores: { performance, accessibility } }) as LighthouseFigure;

const step = (
  name: CobStep['step'],
  seconds: number,
  loans: number,
  extra: Partial<CobStep> = {},
): CobStep => ({
  step: name,
  date: '2026-11-25',
  seconds,
  cpuSeconds: seconds / 2,
  loans,
  memory: { rssBeforeMb: 200, peakRssMb: 260, rssAfterMb: 230 },
  ...extra,
});
const cobRun = (
  database: CobRun['database'],
  loans: number,
  dueSeconds: number,
  provider: CobProvider = 'sandbox',
): CobRun => ({
  database,
  loans,
  provider,
  steps: [
    step('seed', loans / 3000, loans),
    step('ordinaryDay', loans / 20_000, loans),
    step('dueDay', dueSeconds, loans),
  ],
});
const read = (call: string, overrides: Partial<CobReadFigure> = {}): CobReadFigure => ({
  call,
  path: `/api/${call}`,
  status: 'measured',
  load: load({ rps: 900, p99Ms: 30 }),
  ...overrides,
});
const goodCob = (): CobFigures => ({
  runs: [
    cobRun('sqlite', 100_000, 70),
    cobRun('postgres', 10_000, 9),
    cobRun('postgres', 100_000, 95),
    cobRun('postgres', 10_000, 4, 'instant'),
    cobRun('postgres', 100_000, 48, 'instant'),
  ],
  reads: {
    database: 'postgres',
    loans: 100_000,
    sessions: 200,
    calls: [read('MyAccountArea/GetBorrowingSummary'), read('MyAccountArea/GetScheduleSummary')],
  },
  dueDayLimitSeconds: 75,
});

/** A run in which every budget is met: the starting point each test spoils in one way. */
const goodRun = () => ({
  cob: goodCob(),
  pages: [page('home', 88.9), page('stage1', 88.9, { fcpMs: 1400, lcpMs: 1500 }), page('info/costs', 88.9)],
  lighthouse: [
    lighthouse('home', 100, 100),
    lighthouse('stage1', 98, 100),
    lighthouse('info/costs', 100, 100),
  ],
  api: [
    measured('Dictionary/GetDictionaries', 'read'),
    measured('Register/CalculateQuote', 'read'),
    measured('Register/GetApplicationStatus', 'read'),
    measured('Account/Login', 'write'),
  ],
});

const result = (budgets: ReturnType<typeof checkBudgets>, id: string) => {
  const found = budgets.find((b) => b.id === id);
  expect(found, `budget ${id}`).toBeDefined();
  return found!;
};

describe('bench budgets', () => {
  it('are all met by a run that measured every figure within its limit', () => {
    const budgets = checkBudgets(goodRun());
    expect(budgets.filter((b) => !b.pass)).toEqual([]);
    expect(budgets.map((b) => b.id)).toEqual([
      'home-first-load-js',
      'fcp home',
      'lcp home',
      'fcp info/costs',
      'lcp info/costs',
      'cls home',
      'cls stage1',
      'cls info/costs',
      'lighthouse-performance home',
      'lighthouse-accessibility home',
      'lighthouse-performance stage1',
      'lighthouse-accessibility stage1',
      'lighthouse-performance info/costs',
      'lighthouse-accessibility info/costs',
      'calculate-quote-ratio',
      'read-p99 Dictionary/GetDictionaries',
      'read-p99 Register/CalculateQuote',
      'read-p99 Register/GetApplicationStatus',
      'cob-due-day postgres',
      'cob-read-p99 MyAccountArea/GetBorrowingSummary',
      'cob-read-p99 MyAccountArea/GetScheduleSummary',
    ]);
  });

  it('count a read call that was skipped as a missed p99 budget, with the reason', () => {
    const run = goodRun();
    run.api[2] = {
      ...measured('Register/GetApplicationStatus', 'read'),
      status: 'skipped',
      load: undefined,
      bare: undefined,
      ratio: undefined,
      reason: 'probe did not succeed: HTTP 401',
    };
    const p99 = result(checkBudgets(run), 'read-p99 Register/GetApplicationStatus');
    expect(p99).toMatchObject({
      pass: false,
      actual: 'not measured: probe did not succeed: HTTP 401',
    });
  });

  it('hold no budget for a read call the API does not have yet (501)', () => {
    const run = goodRun();
    run.api.push({
      call: 'Account/GetAccountDetails',
      path: '/api/Account/GetAccountDetails',
      kind: 'read',
      status: 'not-built',
      reason: 'not implemented yet (501)',
    });
    const budgets = checkBudgets(run);
    expect(budgets.some((b) => b.id.includes('GetAccountDetails'))).toBe(false);
    expect(budgets.every((b) => b.pass)).toBe(true);
  });

  it('miss the p99 and ratio budgets of a run with error answers, however fast they were', () => {
    const run = goodRun();
    run.api[1] = measured('Register/CalculateQuote', 'read', {
      load: load({ non2xx: 40 }),
      reason: '40 non-2xx answers and 0 errors or timeouts during the run',
    });
    const budgets = checkBudgets(run);
    expect(result(budgets, 'calculate-quote-ratio')).toMatchObject({
      pass: false,
      actual: '0.75 (40 non-2xx answers and 0 errors or timeouts during the run)',
    });
    expect(result(budgets, 'read-p99 Register/CalculateQuote').pass).toBe(false);
  });

  it('miss a p99 over the limit and a ratio under it', () => {
    const run = goodRun();
    run.api[0] = measured('Dictionary/GetDictionaries', 'read', { load: load({ p99Ms: 51 }) });
    run.api[1] = measured('Register/CalculateQuote', 'read', { ratio: 0.59 });
    const budgets = checkBudgets(run);
    expect(result(budgets, 'read-p99 Dictionary/GetDictionaries')).toMatchObject({
      pass: false,
      actual: '51 ms',
    });
    expect(result(budgets, 'calculate-quote-ratio')).toMatchObject({ pass: false, actual: '0.59' });
  });

  it('hold the prerendered pages to 800 ms paints, 100 in Lighthouse and no layout shift (issue 30)', () => {
    const run = goodRun();
    run.pages = [
      page('home', 88.9, { fcpMs: 801 }),
      page('stage1', 88.9, { fcpMs: 1400, lcpMs: 1500, cls: 0.002 }),
      page('info/costs', 88.9, { lcpMs: 0 }),
    ];
    run.lighthouse = [
      lighthouse('home', 99, 100),
      lighthouse('stage1', 97, 100),
      lighthouse('info/costs', 100, 100),
    ];
    const failed = checkBudgets(run)
      .filter((b) => !b.pass)
      .map((b) => [b.id, b.actual]);
    expect(failed).toEqual([
      ['fcp home', '801 ms'],
      // No LCP entry seen: the page's observer leaves 0, which is a missing figure, not a fast page.
      ['lcp info/costs', '0 ms'],
      ['cls stage1', '0.002'],
      ['lighthouse-performance home', '99'],
      ['lighthouse-performance stage1', '97'],
    ]);
  });

  it('miss every budget of a section that did not run', () => {
    const budgets = checkBudgets({});
    expect(budgets.map((b) => [b.id, b.pass, b.actual])).toEqual([
      ['home-first-load-js', false, 'not measured'],
      ['fcp home', false, 'not measured'],
      ['lcp home', false, 'not measured'],
      ['fcp info/costs', false, 'not measured'],
      ['lcp info/costs', false, 'not measured'],
      ['cls home', false, 'not measured'],
      ['cls stage1', false, 'not measured'],
      ['cls info/costs', false, 'not measured'],
      ['lighthouse-performance home', false, 'not measured'],
      ['lighthouse-accessibility home', false, 'not measured'],
      ['lighthouse-performance stage1', false, 'not measured'],
      ['lighthouse-accessibility stage1', false, 'not measured'],
      ['lighthouse-performance info/costs', false, 'not measured'],
      ['lighthouse-accessibility info/costs', false, 'not measured'],
      ['calculate-quote-ratio', false, 'not measured'],
      ['read-p99', false, 'not measured'],
      ['cob-due-day postgres', false, 'not measured'],
      ['cob-read-p99 MyAccountArea/GetBorrowingSummary', false, 'not measured'],
      ['cob-read-p99 MyAccountArea/GetScheduleSummary', false, 'not measured'],
    ]);
  });

  it('miss the CalculateQuote ratio when the call was not measured', () => {
    const run = goodRun();
    run.api = run.api.filter((a) => a.call !== 'Register/CalculateQuote');
    expect(result(checkBudgets(run), 'calculate-quote-ratio')).toMatchObject({
      pass: false,
      actual: 'not measured',
    });
  });

  it('hold the close of business to its due day on PostgreSQL with 100,000 loans and a provider answering at once', () => {
    const budgets = checkBudgets(goodRun());
    expect(result(budgets, 'cob-due-day postgres')).toMatchObject({
      pass: true,
      budget: 'close of business, due day, 100,000 loans on PostgreSQL, provider answering at once <= 60 s',
      actual: '48.0 s (2,083 loans/s)',
    });
    // SQLite's 70 s and the 95 s against the sandbox (whose work is the provider's) are reported, not budgeted.
    expect(budgets.filter((b) => b.id.startsWith('cob-due-day'))).toHaveLength(1);
  });

  it('miss the due-day budget over 60 s, and when the day was stopped at its time limit', () => {
    const slow = goodRun();
    slow.cob.runs[4] = cobRun('postgres', 100_000, 60.5, 'instant');
    expect(result(checkBudgets(slow), 'cob-due-day postgres')).toMatchObject({
      pass: false,
      actual: '60.5 s (1,653 loans/s)',
    });

    const stopped = goodRun();
    stopped.cob.runs[4]!.steps[2] = step('dueDay', 75.2, 3_760, { partial: true });
    expect(result(checkBudgets(stopped), 'cob-due-day postgres')).toMatchObject({
      pass: false,
      actual: '> 75 s (stopped: 3,760 of 100,000 loans collected, 50 loans/s)',
    });
  });

  it('miss the due-day budget when only smaller books ran, or the run failed', () => {
    const small = goodRun();
    small.cob.runs = small.cob.runs.filter((r) => r.loans < 100_000);
    expect(result(checkBudgets(small), 'cob-due-day postgres')).toMatchObject({
      pass: false,
      actual: 'not measured',
    });

    const failed = goodRun();
    failed.cob.runs[4] = {
      database: 'postgres',
      loans: 100_000,
      provider: 'instant',
      steps: [],
      error: 'seeding failed\nstack',
    };
    expect(result(checkBudgets(failed), 'cob-due-day postgres')).toMatchObject({
      pass: false,
      actual: 'not measured: seeding failed',
    });
  });

  it('miss a borrow-area read over 50 ms, with error answers, or measured on a smaller book', () => {
    const slow = goodRun();
    slow.cob.reads!.calls[0] = read('MyAccountArea/GetBorrowingSummary', { load: load({ p99Ms: 51 }) });
    const budgets = checkBudgets(slow);
    expect(result(budgets, 'cob-read-p99 MyAccountArea/GetBorrowingSummary')).toMatchObject({
      pass: false,
      actual: '51 ms',
    });
    expect(result(budgets, 'cob-read-p99 MyAccountArea/GetScheduleSummary').pass).toBe(true);

    const errors = goodRun();
    errors.cob.reads!.calls[1] = read('MyAccountArea/GetScheduleSummary', {
      load: load({ non2xx: 3 }),
      reason: '3 non-2xx answers and 0 errors or timeouts during the run',
    });
    expect(result(checkBudgets(errors), 'cob-read-p99 MyAccountArea/GetScheduleSummary').pass).toBe(false);

    const small = goodRun();
    small.cob.reads!.loans = 10_000;
    expect(result(checkBudgets(small), 'cob-read-p99 MyAccountArea/GetScheduleSummary')).toMatchObject({
      pass: false,
      actual: '30 ms (with 10,000 loans only)',
    });
  });

  it('miss the borrow-area reads when their probe failed, with the reason', () => {
    const run = goodRun();
    run.cob.reads!.calls[0] = {
      call: 'MyAccountArea/GetBorrowingSummary',
      path: '/api/MyAccountArea/GetBorrowingSummary',
      status: 'skipped',
      reason: 'probe did not succeed: HTTP 401',
    };
    expect(result(checkBudgets(run), 'cob-read-p99 MyAccountArea/GetBorrowingSummary')).toMatchObject({
      pass: false,
      actual: 'not measured: probe did not succeed: HTTP 401',
    });
  });
});
