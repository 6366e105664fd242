import http from 'node:http';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { round } from './journeys';
import { log, onCleanup, sleep, withTimeout } from './lifecycle';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];

export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'stage1', path: '/loan/stage1?amount=300&months=3&product=11' },
  { name: 'info/costs', path: '/info/costs' },
];

/**
 * The staff console's first screen (issue 48), measured for its size beside the customer's pages; its
 * code is in files of its own, under `/assets/staff/` (apps/web/build/staff-chunks.ts), and no customer
 * page may load one (budgets.ts, issue 50).
 */
export const STAFF_PAGE = { name: 'staff/login', path: '/staff/login' };
export const STAFF_ASSET = /\/assets\/staff\//;

/** Lighthouse's "slow 4G" (its mobile default): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };
export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (Moto G Power), so both measure the same layout. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** Kilobytes of 1000 bytes, as Vite's build report counts them (and stricter than KiB for the budget). */
export const KB = 1000;

export type Asset = {
  url: string;
  type: 'script' | 'stylesheet';
  /** Requested before the load event (counted in first load) or after it, before the page settled. */
  beforeLoad: boolean;
  gzipBytes: number;
  /** The server sent it uncompressed (below its compression threshold): the size is zlib's, level 9. */
  gzipComputed: boolean;
  /** What Chromium received (brotli where the build made it), headers included. */
  transferBytes: number;
};

export type PageFigure = {
  page: string;
  path: string;
  /** Scripts and stylesheets requested before the load event, as sent with `accept-encoding: gzip`. */
  firstLoad: { jsGzipKb: number; cssGzipKb: number; jsFiles: number; cssFiles: number; transferKb: number };
  /** The same once the page has settled: the route's lazy chunks load just after the load event. */
  settled: { jsGzipKb: number; cssGzipKb: number; jsFiles: number; cssFiles: number };
  assets: Asset[];
  /**
   * Scripts and stylesheets the page asked for that the server did not have (their status): a request
   * that cost the load a slot and brought nothing. Not counted in the sizes or files above.
   */
  failed?: { url: string; status: number }[];
  /** Medians over `runs` throttled loads. */
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Cumulative layout shift (shifts without recent input, until settled): the worst of the loads. */
  cls: number;
  /**
   * Signed-in pages only (signed-in.ts): the median time from navigation start until an element inside
   * `<main>` first showed a money figure (/£\d/); 0 when a load never showed one.
   */
  firstFigureMs?: number;
  runs: { lcpMs: number; tbtMs: number; fcpMs: number; cls: number; firstFigureMs?: number }[];
};

/** A page to load: its name in the tables and budgets, and its path. */
export type PageToLoad = { name: string; path: string };

/**
 * What a signed-in load adds: scripts set before the page's own (the session, the figure's observer),
 * made afresh for each load, and the figure read back from the page.
 */
export type LoadSetup = {
  initScripts(): Promise<string[]>;
  /** Where the page must still be once settled (a signed-out app would have moved to the login page). */
  expectPath?: string;
};

type Entry = {
  requestId: string;
  url: string;
  type: string;
  sentAt: number;
  transfer: number;
  done: boolean;
};

/**
 * Set before any of the page's scripts run: paint, LCP and long-task entries are kept on window. A
 * string, not a function: tsx's transform would add helpers (`__name`) that do not exist in the page.
 */
const OBSERVE_PERFORMANCE = `
  window.__bench = { fcp: 0, lcp: 0, cls: 0, longTasks: [] };
  for (const [type, fn] of [
    ['paint', (e) => { if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime; }],
    ['largest-contentful-paint', (e) => { window.__bench.lcp = e.startTime; }],
    ['longtask', (e) => { window.__bench.longTasks.push([e.startTime, e.duration]); }],
    ['layout-shift', (e) => { if (!e.hadRecentInput) window.__bench.cls += e.value; }],
  ]) {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true });
    } catch {}
  }
`;

/** Lighthouse's definition: the part over 50 ms of every task after first contentful paint. */
function totalBlockingTime(fcp: number, tasks: [number, number][]) {
  let total = 0;
  for (const [start, duration] of tasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    const counted = end - Math.max(start, fcp);
    if (counted > 50) total += counted - 50;
  }
  return total;
}

/** The body exactly as the server sends it when gzip is the only encoding the client accepts. */
function fetchGzip(url: string): Promise<{ status: number; bytes: number; gzipped: boolean; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'gzip' }, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          bytes: body.length,
          gzipped: res.headers['content-encoding'] === 'gzip',
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
  });
}

async function loadOnce(browser: Browser, url: string, setup?: LoadSetup) {
  const context = await browser.newContext(MOBILE);
  try {
    await context.addInitScript({ content: OBSERVE_PERFORMANCE });
    for (const content of (await setup?.initScripts()) ?? []) await context.addInitScript({ content });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const entries = new Map<string, Entry>();
    let loadAt = Number.POSITIVE_INFINITY;
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = performance.now();
      entries.set(e.requestId, {
        requestId: e.requestId,
        url: e.request.url,
        type: e.type ?? 'Other',
        sentAt: e.timestamp,
        transfer: 0,
        done: false,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = performance.now();
      const entry = entries.get(e.requestId);
      if (entry) Object.assign(entry, { transfer: e.encodedDataLength, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const entry = entries.get(e.requestId);
      if (entry) entry.done = true;
    });
    cdp.on('Page.loadEventFired', (e) => {
      loadAt = Math.min(loadAt, e.timestamp);
    });
    await cdp.send('Page.enable');
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });

    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Settle: at least 3 s after load and 1.5 s without network activity (lazy chunks, API calls),
    // at most 20 s.
    const settledBy = performance.now() + 20_000;
    const earliest = performance.now() + 3_000;
    while (performance.now() < settledBy) {
      const busy = [...entries.values()].some((e) => !e.done);
      if (performance.now() >= earliest && !busy && performance.now() - lastActivity > 1_500) break;
      await sleep(100);
    }
    const perf = (await page.evaluate('window.__bench')) as {
      fcp: number;
      lcp: number;
      cls: number;
      longTasks: [number, number][];
      figure?: number;
    };
    if (!Number.isFinite(loadAt)) throw new Error(`no load event seen for ${url}`);
    if (setup?.expectPath && new URL(page.url()).pathname !== setup.expectPath)
      throw new Error(`${url} ended at ${page.url()}, not ${setup.expectPath}`);
    const assets = [...entries.values()]
      .filter((e) => e.type === 'Script' || e.type === 'Stylesheet')
      .map((e) => ({ ...e, beforeLoad: e.sentAt <= loadAt }));
    return {
      fcpMs: perf.fcp,
      lcpMs: perf.lcp,
      tbtMs: totalBlockingTime(perf.fcp, perf.longTasks),
      cls: perf.cls,
      ...(perf.figure !== undefined ? { firstFigureMs: perf.figure } : {}),
      assets,
    };
  } finally {
    await context.close();
  }
}

/** Lighthouse's precision for CLS: three decimals. */
const roundCls = (cls: number) => Math.round(cls * 1000) / 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Launches Debian's Chromium for the page loads (closed at the end, on failure and on Ctrl-C). */
export async function withChromium<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await withTimeout(
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 }),
    70_000,
    'launching Chromium',
  );
  const remove = onCleanup('Chromium (Playwright)', () => browser.close());
  try {
    return await fn(browser);
  } finally {
    await browser.close().catch(() => undefined);
    remove();
  }
}

/** First-load bytes, LCP and TBT of each page in Debian's Chromium under CDP throttling. */
export async function measurePages(baseUrl: string, runs: number): Promise<PageFigure[]> {
  return withChromium(async (browser) => {
    const figures: PageFigure[] = [];
    for (const p of [...PAGES, STAFF_PAGE]) figures.push(await measurePage(browser, baseUrl, p, runs));
    return figures;
  });
}

/** One page: `runs` throttled cold loads, then its first-load files fetched again to count them as sent. */
export async function measurePage(
  browser: Browser,
  baseUrl: string,
  p: PageToLoad,
  runs: number,
  setup?: LoadSetup,
): Promise<PageFigure> {
  const url = baseUrl + p.path;
  const loads = [];
  for (let i = 0; i < runs; i++)
    loads.push(await withTimeout(loadOnce(browser, url, setup), 90_000, `loading ${url}`));

  const assets: Asset[] = [];
  const failed: { url: string; status: number }[] = [];
  for (const e of loads[0]!.assets) {
    const got = await fetchGzip(e.url);
    if (got.status !== 200) {
      failed.push({ url: e.url.replace(baseUrl, ''), status: got.status });
      continue;
    }
    // Files below the server's compression threshold travel as they are; count what gzip would make.
    const gzipBytes = got.gzipped ? got.bytes : zlib.gzipSync(got.body, { level: 9 }).length;
    assets.push({
      url: e.url.replace(baseUrl, ''),
      type: e.type === 'Script' ? 'script' : 'stylesheet',
      beforeLoad: e.beforeLoad,
      gzipBytes,
      gzipComputed: !got.gzipped,
      transferBytes: e.transfer,
    });
  }
  const sum = (list: Asset[], type: Asset['type']) =>
    round(list.filter((a) => a.type === type).reduce((n, a) => n + a.gzipBytes, 0) / KB);
  const count = (list: Asset[], type: Asset['type']) => list.filter((a) => a.type === type).length;
  const first = assets.filter((a) => a.beforeLoad);
  const figures = loads.map((l) => l.firstFigureMs).filter((x): x is number => x !== undefined);
  const figure: PageFigure = {
    page: p.name,
    path: p.path,
    firstLoad: {
      jsGzipKb: sum(first, 'script'),
      cssGzipKb: sum(first, 'stylesheet'),
      jsFiles: count(first, 'script'),
      cssFiles: count(first, 'stylesheet'),
      transferKb: round(first.reduce((n, a) => n + a.transferBytes, 0) / KB),
    },
    settled: {
      jsGzipKb: sum(assets, 'script'),
      cssGzipKb: sum(assets, 'stylesheet'),
      jsFiles: count(assets, 'script'),
      cssFiles: count(assets, 'stylesheet'),
    },
    assets,
    ...(failed.length > 0 ? { failed } : {}),
    lcpMs: Math.round(median(loads.map((l) => l.lcpMs))),
    tbtMs: Math.round(median(loads.map((l) => l.tbtMs))),
    fcpMs: Math.round(median(loads.map((l) => l.fcpMs))),
    cls: roundCls(Math.max(...loads.map((l) => l.cls))),
    // A load that never showed a figure counts as 0 in the median's place: the figure is then missing.
    ...(figures.length === loads.length
      ? { firstFigureMs: figures.includes(0) ? 0 : Math.round(median(figures)) }
      : {}),
    runs: loads.map((l) => ({
      lcpMs: Math.round(l.lcpMs),
      tbtMs: Math.round(l.tbtMs),
      fcpMs: Math.round(l.fcpMs),
      cls: roundCls(l.cls),
      ...(l.firstFigureMs !== undefined ? { firstFigureMs: Math.round(l.firstFigureMs) } : {}),
    })),
  };
  if (failed.length > 0)
    console.warn(
      `[bench] warning: page ${p.name} asked for files the server does not have: ${failed.map((f) => `${f.url} (${f.status})`).join(', ')}`,
    );
  const figureNote = figure.firstFigureMs !== undefined ? `, first figure ${figure.firstFigureMs} ms` : '';
  log(
    `page ${p.name}: first load JS ${figure.firstLoad.jsGzipKb} KB gzip (${figure.firstLoad.jsFiles} files), CSS ${figure.firstLoad.cssGzipKb} KB; settled JS ${figure.settled.jsGzipKb} KB (${figure.settled.jsFiles} files); FCP ${figure.fcpMs} ms, LCP ${figure.lcpMs} ms${figureNote}, TBT ${figure.tbtMs} ms, CLS ${figure.cls} (runs FCP/LCP/TBT/CLS${figure.firstFigureMs !== undefined ? '/figure' : ''} ${figure.runs.map((r) => [r.fcpMs, r.lcpMs, r.tbtMs, r.cls, ...(r.firstFigureMs !== undefined ? [r.firstFigureMs] : [])].join('/')).join(', ')})`,
  );
  return figure;
}
