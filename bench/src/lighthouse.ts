import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as Lhr } from 'lighthouse';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { errorText, log, onCleanup, withTimeout } from './lifecycle';
import { CHROMIUM, CHROMIUM_ARGS, PAGES } from './pages';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export type LighthouseFigure = {
  page: string;
  path: string;
  /** 0-100, the median of the runs for performance; the other categories do not vary between runs. */
  scores: Partial<Record<Category, number>>;
  performanceRuns: number[];
  /** Lighthouse's own lab metrics (simulated slow 4G, 4x CPU) of the median run. */
  metrics: { fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number; speedIndexMs?: number };
  /** Audits that cost points in a category below 100, to say why in the README. */
  failingAudits: Partial<Record<Category, string[]>>;
  error?: string;
};

export function lighthouseVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('lighthouse/package.json') as { version: string }).version;
}

/**
 * Lighthouse's default (mobile) run of every page in Debian's Chromium, launched by chrome-launcher with
 * a remote-debugging port on the loopback address; one browser for all runs, killed at the end.
 */
export async function runLighthouse(baseUrl: string, runs: number): Promise<LighthouseFigure[]> {
  // chrome-launcher reports a missing browser as an 'error' event nobody listens to, which ends the whole
  // bench instead of this section.
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const chrome = await withTimeout(
    chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        ...CHROMIUM_ARGS,
      ],
      handleSIGINT: false,
      logLevel: 'silent',
    }),
    60_000,
    'launching Chromium for Lighthouse',
  );
  const remove = onCleanup(
    'Chromium (Lighthouse)',
    () => chrome.kill(),
    () => chrome.kill(),
  );
  try {
    const figures: LighthouseFigure[] = [];
    for (const p of PAGES) {
      const url = baseUrl + p.path;
      const results: Lhr[] = [];
      let error: string | undefined;
      let failures = 0;
      // A run that fails (Lighthouse's NO_NAVSTART now and then) is replaced, at most twice per page.
      for (let i = 0; results.length < runs && i < runs + 2; i++) {
        try {
          const r = await withTimeout(
            lighthouse(url, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              maxWaitForLoad: 45_000,
            }),
            120_000,
            `Lighthouse on ${p.path}`,
          );
          const lhr = r?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          results.push(lhr);
        } catch (err) {
          error = errorText(err);
          failures++;
          log(`Lighthouse ${p.name} run ${i + 1}: ${error}`);
        }
      }
      if (results.length === 0) {
        figures.push({
          page: p.name,
          path: p.path,
          scores: {},
          performanceRuns: [],
          metrics: {},
          failingAudits: {},
          error: error ?? 'no run',
        });
        continue;
      }
      const score = (lhr: Lhr, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      // The run with the median performance score stands for the page (Lighthouse's own advice).
      const byPerformance = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
      const numeric = (id: string) => {
        const v = median.audits[id]?.numericValue;
        return v === undefined
          ? undefined
          : Math.round(v * (id === 'cumulative-layout-shift' ? 1000 : 1)) /
              (id === 'cumulative-layout-shift' ? 1000 : 1);
      };
      const failingAudits: LighthouseFigure['failingAudits'] = {};
      for (const c of CATEGORIES) {
        const refs = median.categories[c]?.auditRefs ?? [];
        const failing = refs
          .filter((ref) => ref.weight > 0)
          .map((ref) => median.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => `${a!.id} (${Math.round((a!.score ?? 0) * 100)})`);
        if (failing.length > 0 && score(median, c) < 100) failingAudits[c] = failing;
      }
      const figure: LighthouseFigure = {
        page: p.name,
        path: p.path,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])),
        performanceRuns: results.map((r) => score(r, 'performance')),
        metrics: {
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          speedIndexMs: numeric('speed-index'),
        },
        failingAudits,
        ...(error
          ? { error: `${failures} failed run(s) ${results.length < runs ? 'not ' : ''}replaced: ${error}` }
          : {}),
      };
      figures.push(figure);
      log(
        `Lighthouse ${p.name}: ${CATEGORIES.map((c) => `${c} ${figure.scores[c]}`).join(', ')} (performance runs ${figure.performanceRuns.join(', ')}; ` +
          `FCP ${figure.metrics.fcpMs} ms, LCP ${figure.metrics.lcpMs} ms, TBT ${figure.metrics.tbtMs} ms, CLS ${figure.metrics.cls}, SI ${figure.metrics.speedIndexMs} ms)` +
          Object.entries(failingAudits)
            .map(([c, list]) => `\n  ${c}: ${list.join(', ')}`)
            .join(''),
      );
    }
    return figures;
  } finally {
    chrome.kill();
    remove();
  }
}
