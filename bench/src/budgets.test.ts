import { describe, expect, it } from 'vitest';
import type { ApiFigure, FixedRateFigure, Load } from './api';
import type { Stage1SearchFigures } from './stage1-search';
import { checkBudgets } from './budgets';
import type { JourneyFigures } from './journeys';
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

const fixed = (server: number, overrides: Partial<FixedRateFigure> = {}): FixedRateFigure => ({
  targetRps: 1000,
  answeredRps: 1000,
  requests: 5000,
  non2xx: 0,
  errors: 0,
  cpuMsPerRequest: { server, loadGenerator: 0.04 },
  ...overrides,
});

const BARE_CPU = 0.05;

const measured = (call: string, kind: 'read' | 'write', overrides: Partial<ApiFigure> = {}): ApiFigure => ({
  call,
  path: `/api/${call}`,
  kind,
  status: 'measured',
  load: load(),
  fixedRate: fixed(0.12),
  cpuMultiple: 2.4,
  ...overrides,
});

const bare = (overrides: Partial<ApiFigure> = {}): ApiFigure => ({
  call: 'Health (bare route)',
  path: '/api/health',
  kind: 'bare',
  status: 'measured',
  load: load({ rps: 30_000 }),
  fixedRate: fixed(BARE_CPU, { requests: 10_000 }),
  fixedRateRuns: [fixed(0.048), fixed(0.052)],
  ...overrides,
});

const page = (name: string, jsGzipKb: number, paint: Partial<PageFigure> = {}) =>
  ({
    page: name,
    path: `/${name}`,
    firstLoad: { jsGzipKb },
    assets: [],
    fcpMs: 420,
    lcpMs: 520,
    cls: 0,
    ...paint,
  }) as PageFigure;
const script = (url: string) =>
  ({
    url,
    type: 'script',
    beforeLoad: false,
    gzipBytes: 9000,
    gzipComputed: false,
    transferBytes: 9000,
  }) as const;
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
const COB_READS = [
  'MyAccountArea/GetBorrowingSummary',
  'MyAccountArea/GetScheduleSummary',
  'Dictionary/GetDictionaries',
  'Register/CalculateQuote',
  'Register/GetApplicationStatus',
  'Account/GetAccountDetails',
  'staff/Customers/Search (e-mail)',
  'staff/Customers/Search (surname)',
  'staff/Customers/Loan',
];
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
    calls: COB_READS.map((c) => read(c)),
  },
  dueDayLimitSeconds: 75,
});

/** A run in which every budget is met: the starting point each test spoils in one way. */
const goodRun = () => ({
  cob: goodCob(),
  pages: [
    page('home', 88.9),
    page('stage1', 88.9, { fcpMs: 1400, lcpMs: 1500 }),
    page('info/costs', 88.9),
    page('staff/login', 120, { assets: [script('/assets/staff/staff-routes-Ab12.js')] }),
  ],
  signedIn: [
    page('borrow', 104, { lcpMs: 980, firstFigureMs: 1200 }),
    page('borrow/schedule', 110, { lcpMs: 1400, firstFigureMs: 1490 }),
    page('borrow/payment', 120, { lcpMs: 1600, firstFigureMs: 1500 }),
  ],
  lighthouse: [
    lighthouse('home', 100, 100),
    lighthouse('stage1', 98, 100),
    lighthouse('info/costs', 100, 100),
  ],
  api: [
    bare(),
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
      'first-figure borrow',
      'first-figure borrow/schedule',
      'first-figure borrow/payment',
      'lcp borrow',
      'staff-split',
      'lighthouse-performance home',
      'lighthouse-accessibility home',
      'lighthouse-performance stage1',
      'lighthouse-accessibility stage1',
      'lighthouse-performance info/costs',
      'lighthouse-accessibility info/costs',
      'calculate-quote-cpu',
      'read-p99 Dictionary/GetDictionaries',
      'read-p99 Register/CalculateQuote',
      'read-p99 Register/GetApplicationStatus',
      'cob-due-day postgres',
      ...COB_READS.map((c) => `cob-read-p99 ${c}`),
    ]);
  });

  it('find a file of the staff console on a customer page, and a staff console that loads none', () => {
    const run = goodRun();
    run.signedIn[1] = { ...run.signedIn[1]!, assets: [script('/assets/staff/customer-page-Cd34.js')] };
    expect(result(checkBudgets(run), 'staff-split')).toMatchObject({
      pass: false,
      actual: '1: /borrow/schedule: /assets/staff/customer-page-Cd34.js',
    });
    const unmarked = goodRun();
    unmarked.pages[3] = { ...unmarked.pages[3]!, assets: [script('/assets/staff-routes-Ab12.js')] };
    expect(result(checkBudgets(unmarked), 'staff-split')).toMatchObject({
      pass: false,
      actual: '/staff/login loaded no file under /assets/staff/',
    });
    expect(result(checkBudgets({ ...goodRun(), signedIn: undefined }), 'staff-split').pass).toBe(false);
  });

  it('count a read call that was skipped as a missed p99 budget, with the reason', () => {
    const run = goodRun();
    run.api[3] = {
      call: 'Register/GetApplicationStatus',
      path: '/api/Register/GetApplicationStatus',
      kind: 'read',
      status: 'skipped',
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
    expect(budgets.some((b) => b.id === 'read-p99 Account/GetAccountDetails')).toBe(false);
    expect(budgets.every((b) => b.pass)).toBe(true);
  });

  it('miss the p99 and CPU budgets of a run with error answers, however fast they were', () => {
    const run = goodRun();
    run.api[2] = measured('Register/CalculateQuote', 'read', {
      load: load({ non2xx: 40 }),
      reason: '40 non-2xx answers and 0 errors or timeouts at 50 connections',
    });
    expect(result(checkBudgets(run), 'read-p99 Register/CalculateQuote').pass).toBe(false);

    const atRate = goodRun();
    atRate.api[2] = measured('Register/CalculateQuote', 'read', {
      fixedRate: fixed(0.12, { non2xx: 7 }),
      reason: '7 non-2xx answers and 0 errors or timeouts at the fixed rate',
    });
    expect(result(checkBudgets(atRate), 'calculate-quote-cpu')).toMatchObject({
      pass: false,
      actual:
        '2.4 x (0.12 ms against 0.05 ms) (7 non-2xx answers and 0 errors or timeouts at the fixed rate)',
    });

    const bareErrors = goodRun();
    bareErrors.api[0] = bare({ fixedRateRuns: [fixed(0.048), fixed(0.052, { errors: 2 })] });
    expect(result(checkBudgets(bareErrors), 'calculate-quote-cpu').pass).toBe(false);
  });

  it('miss a p99 over the limit, and a CalculateQuote over 3 bare routes of CPU per request', () => {
    const run = goodRun();
    run.api[1] = measured('Dictionary/GetDictionaries', 'read', { load: load({ p99Ms: 51 }) });
    run.api[2] = measured('Register/CalculateQuote', 'read', { fixedRate: fixed(0.16), cpuMultiple: 3.2 });
    const budgets = checkBudgets(run);
    expect(result(budgets, 'read-p99 Dictionary/GetDictionaries')).toMatchObject({
      pass: false,
      actual: '51 ms',
    });
    expect(result(budgets, 'calculate-quote-cpu')).toMatchObject({
      pass: false,
      budget: "CalculateQuote server CPU per request <= 3 x the bare route's, at the same fixed rate",
      actual: '3.2 x (0.16 ms against 0.05 ms)',
    });
    // At the limit is within it.
    run.api[2] = measured('Register/CalculateQuote', 'read', { fixedRate: fixed(0.15), cpuMultiple: 3 });
    expect(result(checkBudgets(run), 'calculate-quote-cpu').pass).toBe(true);
  });

  it('miss the CPU budget when the machine did not hold the fixed rate, for the call or the bare route', () => {
    const run = goodRun();
    run.api[2] = measured('Register/CalculateQuote', 'read', {
      fixedRate: fixed(0.12, { answeredRps: 900 }),
    });
    expect(result(checkBudgets(run), 'calculate-quote-cpu').pass).toBe(false);

    const slowBare = goodRun();
    slowBare.api[0] = bare({ fixedRateRuns: [fixed(0.048, { answeredRps: 940 }), fixed(0.052)] });
    expect(result(checkBudgets(slowBare), 'calculate-quote-cpu').pass).toBe(false);
  });

  it('miss the CPU budget when the call or the bare route was not measured at the fixed rate', () => {
    const noCall = goodRun();
    noCall.api = noCall.api.filter((a) => a.call !== 'Register/CalculateQuote');
    expect(result(checkBudgets(noCall), 'calculate-quote-cpu')).toMatchObject({
      pass: false,
      actual: 'not measured',
    });

    const skipped = goodRun();
    skipped.api[2] = {
      call: 'Register/CalculateQuote',
      path: '/api/Register/CalculateQuote',
      kind: 'read',
      status: 'skipped',
      reason: 'probe did not succeed: HTTP 401',
    };
    expect(result(checkBudgets(skipped), 'calculate-quote-cpu')).toMatchObject({
      pass: false,
      actual: 'not measured: probe did not succeed: HTTP 401',
    });

    const noBare = goodRun();
    noBare.api = noBare.api.filter((a) => a.kind !== 'bare');
    noBare.api[1] = measured('Register/CalculateQuote', 'read', { cpuMultiple: undefined });
    expect(result(checkBudgets(noBare), 'calculate-quote-cpu')).toMatchObject({
      pass: false,
      actual: 'not measured: no Health (bare route)',
    });
  });

  it('hold the prerendered pages to 800 ms paints, 100 in Lighthouse and no layout shift (issue 30)', () => {
    const run = goodRun();
    run.pages = [
      page('home', 88.9, { fcpMs: 801 }),
      page('stage1', 88.9, { fcpMs: 1400, lcpMs: 1500, cls: 0.002 }),
      page('info/costs', 88.9, { lcpMs: 0 }),
      run.pages[3]!,
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

  it('hold the signed-in pages to their first money figure in 1.5 s and the borrow page to an LCP of 1 s (issue 50)', () => {
    const run = goodRun();
    run.signedIn = [
      page('borrow', 104, { lcpMs: 1001, firstFigureMs: 1501 }),
      // A load that never showed a figure (signed out, an error page) leaves 0: a missing figure.
      page('borrow/schedule', 110, { lcpMs: 900, firstFigureMs: 0 }),
      // The payment page's LCP has no budget; its figure was not measured at all.
      page('borrow/payment', 120, { lcpMs: 5000 }),
    ];
    const failed = checkBudgets(run)
      .filter((b) => !b.pass)
      .map((b) => [b.id, b.actual]);
    expect(failed).toEqual([
      ['first-figure borrow', '1501 ms'],
      ['first-figure borrow/schedule', 'no figure shown'],
      ['first-figure borrow/payment', 'not measured'],
      ['lcp borrow', '1001 ms'],
    ]);
    // The public pages' budgets are their own: a slow borrow page moves none of them.
    expect(failed.map(([id]) => id)).not.toContain('lcp home');
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
      ['first-figure borrow', false, 'not measured'],
      ['first-figure borrow/schedule', false, 'not measured'],
      ['first-figure borrow/payment', false, 'not measured'],
      ['lcp borrow', false, 'not measured'],
      ['staff-split', false, 'not measured'],
      ['lighthouse-performance home', false, 'not measured'],
      ['lighthouse-accessibility home', false, 'not measured'],
      ['lighthouse-performance stage1', false, 'not measured'],
      ['lighthouse-accessibility stage1', false, 'not measured'],
      ['lighthouse-performance info/costs', false, 'not measured'],
      ['lighthouse-accessibility info/costs', false, 'not measured'],
      ['calculate-quote-cpu', false, 'not measured'],
      ['read-p99', false, 'not measured'],
      ['cob-due-day postgres', false, 'not measured'],
      ...COB_READS.map((c) => [`cob-read-p99 ${c}`, false, 'not measured']),
    ]);
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

  it("hold the API's reads to their p99 with 100,000 loans too, and miss one that could not be loaded", () => {
    const slow = goodRun();
    slow.cob.reads!.calls[3] = read('Register/CalculateQuote', { load: load({ p99Ms: 64 }) });
    expect(result(checkBudgets(slow), 'cob-read-p99 Register/CalculateQuote')).toMatchObject({
      pass: false,
      budget: 'p99 <= 50 ms at 50 connections, 100,000 loans (Register/CalculateQuote)',
      actual: '64 ms',
    });

    const noApplicants = goodRun();
    noApplicants.cob.reads!.calls[3] = {
      call: 'Register/CalculateQuote',
      path: '/api/Register/CalculateQuote',
      status: 'skipped',
      reason: 'no applicants: SubmitStage1 for the API fixture: HTTP 500',
    };
    expect(result(checkBudgets(noApplicants), 'cob-read-p99 Register/CalculateQuote')).toMatchObject({
      pass: false,
      actual: 'not measured: no applicants: SubmitStage1 for the API fixture: HTTP 500',
    });

    // A read the run left out altogether is missed too.
    const left = goodRun();
    left.cob.reads!.calls = left.cob.reads!.calls.filter((c) => c.call !== 'Account/GetAccountDetails');
    expect(result(checkBudgets(left), 'cob-read-p99 Account/GetAccountDetails')).toMatchObject({
      pass: false,
      actual: 'not measured',
    });
  });

  it("hold staff search and a loan's record to 100 ms at p99 with 100,000 loans (issue 48), not to the customers' 50", () => {
    const run = goodRun();
    const at = run.cob.reads!.calls.findIndex((c) => c.call === 'staff/Customers/Loan');
    run.cob.reads!.calls[at] = read('staff/Customers/Loan', { load: load({ p99Ms: 99 }) });
    expect(result(checkBudgets(run), 'cob-read-p99 staff/Customers/Loan')).toMatchObject({
      pass: true,
      budget: 'p99 <= 100 ms at 50 connections, 100,000 loans (staff/Customers/Loan)',
    });
    run.cob.reads!.calls[at] = read('staff/Customers/Loan', { load: load({ p99Ms: 101 }) });
    expect(result(checkBudgets(run), 'cob-read-p99 staff/Customers/Loan')).toMatchObject({
      pass: false,
      actual: '101 ms',
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

  it('hold stage 1 to 50 ms on top of its own search at p99, per database (issue 47)', () => {
    const journey = (database: string, stage1Search?: Partial<Stage1SearchFigures>): JourneyFigures => ({
      database,
      concurrency: 20,
      durationSeconds: 10,
      completed: 1000,
      failed: 0,
      journeysPerSecond: 100,
      calls: [{ call: 'SubmitStage1', count: 1000, failed: 0, p50Ms: 10, p99Ms: 300 }],
      memory: { rssBeforeMb: 100, rssAfterMb: 120, peakRssMb: 130 },
      agency: { searches: 1000, p50Ms: 3, p99Ms: 12 },
      ...(stage1Search
        ? {
            stage1Search: {
              ratePerSecond: 20,
              sent: 200,
              failed: 0,
              matched: 200,
              stage1P99Ms: 60,
              agencyP99Ms: 12,
              overAgencyP50Ms: 20,
              overAgencyP99Ms: 48,
              ...stage1Search,
            },
          }
        : {}),
    });
    const run = {
      ...goodRun(),
      journeys: [
        journey('sqlite', {}),
        journey('postgres', { overAgencyP99Ms: 50.1 }),
        // The journeys' own p99 (300 ms, a saturated machine's queue) is not the budget's figure.
        journey('postgres x2'),
        journey('failed', { failed: 2, matched: 198 }),
        journey('untimed', { matched: 150 }),
      ],
    };
    const rows = checkBudgets(run).filter((b) => b.id.startsWith('stage1-over-agency-p99'));
    expect(rows.map((b) => [b.id, b.actual, b.pass])).toEqual([
      ['stage1-over-agency-p99 sqlite', '48 ms at 20/s (stage 1 p99 60 ms, agency p99 12 ms)', true],
      ['stage1-over-agency-p99 postgres', '50.1 ms at 20/s (stage 1 p99 60 ms, agency p99 12 ms)', false],
      ['stage1-over-agency-p99 postgres x2', 'not measured', false],
      // Failed applications measure something else; an untimed search cannot be subtracted.
      [
        'stage1-over-agency-p99 failed',
        '48 ms at 20/s (stage 1 p99 60 ms, agency p99 12 ms), 2 failed',
        false,
      ],
      [
        'stage1-over-agency-p99 untimed',
        '48 ms at 20/s (stage 1 p99 60 ms, agency p99 12 ms), 50 not timed by the agency',
        false,
      ],
    ]);
  });
});
