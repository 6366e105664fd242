import type { ApiFigure } from './api';
import type { BudgetResult } from './budgets';
import type { CategoriseFigures } from './categorise';
import { growth, loansPerSecond, type CobFigures, type CobRun, type CobStepName } from './cob-figures';
import type { JourneyFigures } from './journeys';
import type { LighthouseFigure } from './lighthouse';
import type { Machine } from './machine';
import type { PageFigure } from './pages';

export type Results = {
  generatedAt: string;
  durationSeconds: number;
  complete: boolean;
  machine: Machine;
  /** 1, 5 and 15 minute load averages of the machine when the bench started and ended. */
  loadAverage: { start: number[]; end: number[] };
  settings: Record<string, unknown>;
  pages?: PageFigure[];
  /** Issue 50: the borrow area, signed in as a customer with a paid-out loan (signed-in.ts). */
  signedIn?: PageFigure[];
  lighthouse?: LighthouseFigure[];
  api?: ApiFigure[];
  journeys?: JourneyFigures[];
  cob?: CobFigures;
  /** Issue 49: the open banking categoriser, in process (categorise.ts). */
  categorise?: CategoriseFigures;
  budgets: BudgetResult[];
  budgetsPassed: boolean;
  errors: { section: string; message: string }[];
};

function table(head: string[], rows: (string | number | undefined)[][]): string {
  const cells = rows.map((r) => r.map((c) => (c === undefined || Number.isNaN(c) ? '-' : String(c))));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n');
}

/** Markdown tables: printed by the bench and pasted between the markers of bench/README.md. */
export function renderTables(r: Results): string {
  const parts: string[] = [];
  const m = r.machine;
  parts.push(
    `Measured ${r.generatedAt} at commit ${m.commit} in ${r.durationSeconds} s: ${m.nproc} cores (${m.cpuModel}), ` +
      `${m.memoryGb} GB, ${m.os}, Node ${m.node}, ${m.chromium}, Lighthouse ${m.lighthouse}, autocannon ${m.autocannon}; ` +
      `load average ${r.loadAverage.start.join(' / ')} at the start, ${r.loadAverage.end.join(' / ')} at the end.`,
  );

  if (r.pages || r.lighthouse) {
    const rows = (r.pages ?? r.lighthouse ?? []).map((p) => {
      const page = r.pages?.find((x) => x.page === p.page);
      const lh = r.lighthouse?.find((x) => x.page === p.page);
      return [
        p.path,
        page?.firstLoad.jsGzipKb,
        page?.firstLoad.cssGzipKb,
        page ? `${page.firstLoad.jsFiles}+${page.firstLoad.cssFiles}` : undefined,
        page?.settled.jsGzipKb,
        page?.fcpMs,
        page?.lcpMs,
        page?.tbtMs,
        page?.cls,
        lh?.scores.performance,
        lh?.scores.accessibility,
        lh?.scores['best-practices'],
        lh?.scores.seo,
      ];
    });
    parts.push(
      '**Pages** (JS/CSS requested before the load event, KB = 1000 bytes gzip; "settled" adds the lazy route ' +
        'chunks fetched just after it; FCP/LCP/TBT: median of throttled loads in Chromium, CLS: the worst of them; Lighthouse scores: median run)\n\n' +
        table(
          [
            'page',
            'JS KB',
            'CSS KB',
            'files JS+CSS',
            'JS KB settled',
            'FCP ms',
            'LCP ms',
            'TBT ms',
            'CLS',
            'LH perf',
            'LH a11y',
            'LH best',
            'LH SEO',
          ],
          rows,
        ),
    );
  }
  if (r.signedIn) {
    parts.push(
      '**Signed-in pages** (a customer with a paid-out loan, the session in the browser before the page ' +
        'loads; the same throttled loads as the pages above; first figure: median time until an element in ' +
        '<main> shows a money figure)\n\n' +
        table(
          [
            'page',
            'JS KB',
            'files JS+CSS',
            'JS KB settled',
            'JS files settled',
            'FCP ms',
            'LCP ms',
            'first figure ms',
            'TBT ms',
            'CLS',
          ],
          r.signedIn.map((p) => [
            p.path,
            p.firstLoad.jsGzipKb,
            `${p.firstLoad.jsFiles}+${p.firstLoad.cssFiles}`,
            p.settled.jsGzipKb,
            p.settled.jsFiles,
            p.fcpMs,
            p.lcpMs,
            p.firstFigureMs,
            p.tbtMs,
            p.cls,
          ]),
        ),
    );
  }
  if (r.lighthouse) {
    parts.push(
      "**Lighthouse's own lab metrics** (simulated slow 4G and 4x CPU, median-performance run)\n\n" +
        table(
          ['page', 'perf runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'why below 100'],
          r.lighthouse.map((l) => [
            l.path,
            l.performanceRuns.join(', '),
            l.metrics.fcpMs,
            l.metrics.lcpMs,
            l.metrics.tbtMs,
            l.metrics.cls,
            [
              ...Object.entries(l.failingAudits).map(([c, list]) => `${c}: ${list.join(', ')}`),
              ...(l.error ? [l.error] : []),
            ].join('; '),
          ]),
        ),
    );
  }

  if (r.api) {
    const rows = r.api.map((a) =>
      a.status === 'measured'
        ? [
            a.call,
            a.load?.rps,
            a.load?.p50Ms,
            a.load?.p99Ms,
            a.fixedRate?.cpuMsPerRequest.server,
            a.kind === 'bare' ? 1 : a.cpuMultiple,
            a.fixedRate?.cpuMsPerRequest.loadGenerator,
            a.fixedRate?.answeredRps,
            [
              a.kind === 'bare' && a.fixedRateRuns
                ? `server ${a.fixedRateRuns.map((f) => f.cpuMsPerRequest.server).join(' before, ')} after the calls`
                : '',
              a.reason ?? '',
            ]
              .filter(Boolean)
              .join('; '),
          ]
        : [
            a.call,
            ...Array<undefined>(7),
            // Only an unbuilt call is exempt from its budgets; any other skip counts as a missed one.
            `${a.status === 'not-built' ? 'not built' : 'not measured'}: ${a.reason}`,
          ],
    );
    parts.push(
      `**API** (SQLite; autocannon, ${String(r.settings.apiConnections)} connections as fast as they go, ` +
        `${String(r.settings.apiSeconds)} s per call, ${String(r.settings.apiBareSeconds)} s for the bare route GET /api/health; ` +
        `then each at a fixed ${String(r.settings.apiFixedRate)} req/s for ${String(r.settings.apiFixedRateSeconds)} s: ` +
        `CPU ms per answered request of the server process and of the load generator, from /proc; ` +
        `x bare = the server's CPU per request over the bare route's, whose two runs, before the first call and after the last, are pooled)\n\n` +
        table(
          [
            'call',
            'req/s',
            'p50 ms',
            'p99 ms',
            'server CPU ms/req',
            'x bare',
            'load generator CPU ms/req',
            'req/s answered at fixed rate',
            'note',
          ],
          rows,
        ),
    );
  }

  if (r.journeys && r.journeys.length > 0) {
    parts.push(
      `**Journeys** (${r.journeys[0]!.concurrency} concurrent applicants, ${String(r.settings.journeySeconds)} s each run; \`x2\`: two server processes on one database, the applicants split between them)\n\n` +
        table(
          ['database', 'journeys/s', 'completed', 'failed', 'RSS before MB', 'RSS after MB', 'peak RSS MB'],
          r.journeys.map((j) => [
            j.database,
            j.journeysPerSecond,
            j.completed,
            j.failed,
            j.memory.rssBeforeMb,
            j.memory.rssAfterMb,
            j.memory.peakRssMb,
          ]),
        ) +
        '\n\n' +
        table(
          ['call', ...r.journeys.flatMap((j) => [`${j.database} p50 ms`, `${j.database} p99 ms`])],
          [
            ...r.journeys[0]!.calls.map((c, i) => [
              c.call,
              ...r.journeys!.flatMap((j) => [j.calls[i]?.p50Ms, j.calls[i]?.p99Ms]),
            ]),
            // Issue 47: the credit reference agency's own answers to stage 1's searches, in the same runs.
            ...(r.journeys.some((j) => j.agency)
              ? [['agency search', ...r.journeys.flatMap((j) => [j.agency?.p50Ms, j.agency?.p99Ms])]]
              : []),
            // ...and stage 1 alone at a fixed rate: each application's time on top of its own search.
            ...(r.journeys.some((j) => j.stage1Search)
              ? [
                  [
                    `stage 1 over its search (${r.journeys.find((j) => j.stage1Search)!.stage1Search!.ratePerSecond}/s)`,
                    ...r.journeys.flatMap((j) => [
                      j.stage1Search?.overAgencyP50Ms,
                      j.stage1Search?.overAgencyP99Ms,
                    ]),
                  ],
                ]
              : []),
          ],
        ),
    );
  }

  if (r.cob) parts.push(renderCob(r.cob));

  if (r.categorise) {
    const c = r.categorise;
    parts.push(
      `**Open banking categoriser** (in process, ${c.transactions} transactions over 90 days, ms)\n\n` +
        table(['first call', 'p50', 'p99', 'max', 'runs'], [[c.firstMs, c.p50Ms, c.p99Ms, c.maxMs, c.runs]]),
    );
  }

  parts.push(
    '**Budgets**\n\n' +
      table(
        ['budget', 'actual', 'result'],
        r.budgets.map((b) => [b.budget, b.actual, b.pass ? 'pass' : 'MISSED']),
      ),
  );
  if (r.errors.length > 0)
    parts.push(`**Errors**\n\n${r.errors.map((e) => `- ${e.section}: ${e.message}`).join('\n')}`);
  return parts.join('\n\n');
}

const seconds = (n: number | undefined) =>
  n === undefined ? undefined : n < 10 ? n.toFixed(2) : n.toFixed(1);

function renderCob(cob: CobFigures): string {
  const stepOf = (run: CobRun, name: CobStepName) => run.steps.find((s) => s.step === name);
  const time = (run: CobRun, name: CobStepName) => {
    const s = stepOf(run, name);
    if (!s) return undefined;
    return s.partial
      ? `> ${Math.floor(s.seconds)} (stopped, ${s.loans.toLocaleString('en-GB')} done)`
      : seconds(s.seconds);
  };
  const rate = (run: CobRun, name: CobStepName) => {
    const s = stepOf(run, name);
    return s ? loansPerSecond(s) : undefined;
  };
  const rows = cob.runs.map((run) => {
    const due = stepOf(run, 'dueDay');
    return [
      run.database,
      run.provider ?? 'sandbox',
      run.loans.toLocaleString('en-GB'),
      time(run, 'seed'),
      time(run, 'ordinaryDay'),
      rate(run, 'ordinaryDay'),
      time(run, 'lastOrdinaryDay'),
      rate(run, 'lastOrdinaryDay'),
      time(run, 'dueDay'),
      rate(run, 'dueDay'),
      due?.memory.peakRssMb,
      due ? due.memory.peakRssMb - due.memory.rssBeforeMb : undefined,
      run.error ? run.error.split('\n')[0] : '',
    ];
  });
  const growthLines = (['sqlite', 'postgres'] as const).flatMap((db) =>
    (['sandbox', 'instant'] as const).flatMap((provider) => {
      const parts = (['ordinaryDay', 'lastOrdinaryDay', 'dueDay'] as const)
        .map((step) => [step, growth(cob.runs, db, step, provider)] as const)
        .filter(([, g]) => g !== undefined)
        .map(([step, g]) => `${step} ${g}`);
      return parts.length > 0 ? [`${db} (${provider} provider): ${parts.join(', ')}`] : [];
    }),
  );
  let text =
    `**Close of business** (one business day closed per row; seconds, loans closed per second; "last ordinary day" is the ` +
    `day before the due day, with a month of interest rows per loan; a due day still running after ` +
    `${cob.dueDayLimitSeconds} s is stopped; RSS of the worker process, MB, sampled every 100 ms; provider: who ` +
    `answers the due day's charges, the card sandbox in the worker's own process and database, or one that ` +
    `approves at once, which leaves the lender's own share of the day)\n\n` +
    table(
      [
        'database',
        'provider',
        'loans',
        'seed s',
        'ordinary day s',
        'loans/s',
        'last ordinary day s',
        'loans/s',
        'due day s',
        'loans/s',
        'due day peak RSS MB',
        'RSS growth MB',
        'note',
      ],
      rows,
    );
  if (growthLines.length > 0) {
    text += `\n\nCost per loan, largest book over smallest (1 = linear): ${growthLines.join('; ')}.`;
  }
  if (cob.reads) {
    const reads = cob.reads;
    text +=
      `\n\n**Reads** with ${reads.loans.toLocaleString('en-GB')} loans on ${reads.database} ` +
      `(autocannon, 50 connections, each request signed in as one of ${reads.sessions} seeded customers in turn, ` +
      `CalculateQuote as one of the applicants made on the book, GetDictionaries signed out` +
      `${reads.serverMemory ? `; server RSS ${reads.serverMemory.rssMb} MB, peak ${reads.serverMemory.peakRssMb} MB` : ''}` +
      `${reads.error ? `; ${reads.error}` : ''})\n\n` +
      table(
        ['call', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request: server', 'database', 'load generator', 'note'],
        reads.calls.map((c) => [
          c.call,
          c.load?.rps,
          c.load?.p50Ms,
          c.load?.p99Ms,
          c.cpuMsPerRequest?.server,
          c.cpuMsPerRequest?.database,
          c.cpuMsPerRequest?.loadGenerator,
          c.reason ?? '',
        ]),
      );
  }
  return text;
}
