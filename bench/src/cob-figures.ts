import type { Load } from './api';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export type CobStepName = 'seed' | 'fundingDay' | 'ordinaryDay' | 'fill' | 'lastOrdinaryDay' | 'dueDay';

export type CobStep = {
  step: CobStepName;
  /** The business day closed (or the first and last filled). */
  date: string;
  seconds: number;
  /** CPU time of the worker process (Node and, for SQLite, the database) during the step. */
  cpuSeconds: number;
  /** Loans closed (seeded, for `seed`); for a partial due day, those whose collection was answered. */
  loans: number;
  /** True when the step was stopped at its time limit before it finished. */
  partial?: boolean;
  /** What the close answered for the day (collected, declined), or the rows a fill wrote. */
  detail?: Record<string, number>;
  /** Seconds each named close-of-business step took on the day (its `stepMs`), for a day closed. */
  stepSeconds?: Record<string, number>;
  memory: { rssBeforeMb: number; peakRssMb: number; rssAfterMb: number };
};

export type CobDatabase = 'sqlite' | 'postgres';

/**
 * Who answers the due day's charges: the built-in card sandbox, in the worker's process and database
 * (its work counted in the day), or a provider that approves at once (the lender's own share alone).
 */
export type CobProvider = 'sandbox' | 'instant';

/** One database and book size: seeding, then the days closed, each timed in the worker. */
export type CobRun = {
  database: CobDatabase;
  loans: number;
  /** Absent in figures from before the instant runs: the sandbox. */
  provider?: CobProvider;
  steps: CobStep[];
  /** The first and due dates of the book. */
  dates?: { fundedOn: string; dueDay: string };
  error?: string;
};

export type CobReadFigure = {
  call: string;
  path: string;
  status: 'measured' | 'skipped';
  reason?: string;
  load?: Load;
  /**
   * CPU time per request during the measured run, in ms: the server process, the database's processes
   * (PostgreSQL's backends) and the load generator (the bench process).
   */
  cpuMsPerRequest?: { server: number; database?: number; loadGenerator: number };
};

/** What the bench's time limit allows for the book's vacuum before the reads (cob-worker.ts). */
export const SETTLE_LIMIT_SECONDS = 180;

export type CobReads = {
  database: CobDatabase;
  loans: number;
  sessions: number;
  /** Seconds the book's vacuum and analyse took after the due day, before the reads. */
  settledSeconds?: number;
  calls: CobReadFigure[];
  serverMemory?: { rssMb: number; peakRssMb: number };
  error?: string;
};

export type CobFigures = {
  runs: CobRun[];
  reads?: CobReads;
  /** A due day still running after this long is stopped and reported as partial. */
  dueDayLimitSeconds: number;
};

export const perLoanMs = (step: Pick<CobStep, 'seconds' | 'loans'>) =>
  step.loans > 0 ? (step.seconds * 1000) / step.loans : Number.NaN;
export const loansPerSecond = (step: Pick<CobStep, 'seconds' | 'loans'>) =>
  step.seconds > 0 ? round(step.loans / step.seconds, 0) : Number.NaN;

/**
 * How far the cost per loan grows from the smallest book to the largest for one step: the per-loan time
 * of the larger divided by that of the smaller (1 is linear growth in the number of loans; a partial due
 * day counts by the loans it closed in its time).
 */
export function growth(
  runs: CobRun[],
  database: CobDatabase,
  step: CobStepName,
  provider: CobProvider = 'sandbox',
): number | undefined {
  const found = runs
    .filter((r) => r.database === database && (r.provider ?? 'sandbox') === provider)
    .map((r) => ({ loans: r.loans, figure: r.steps.find((s) => s.step === step) }))
    .filter((r) => r.figure && r.figure.loans > 0)
    .sort((a, b) => a.loans - b.loans);
  if (found.length < 2) return undefined;
  return round(perLoanMs(found.at(-1)!.figure!) / perLoanMs(found[0]!.figure!), 2);
}
