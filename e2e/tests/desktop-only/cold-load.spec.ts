import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { signIn, storedSession } from '../../support/session';

/** The script files an HTML document names: its entry and every modulepreload. */
const scriptsNamedIn = (html: string) =>
  new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map(
      (m) => m[1]!,
    ),
  );

/**
 * A customer with a live loan, and a new browser (nothing cached) holding their session: what `run` does
 * with its tab is a cold load as that customer.
 */
async function coldLoadAsBorrower(
  { page, request, browser }: { page: Page; request: APIRequestContext; browser: Browser },
  run: (tab: Page, token: string) => Promise<void>,
) {
  await signedInWithLiveLoan(page, request);
  const session = await storedSession(page);
  const cold = await browser.newContext();
  try {
    const tab = await cold.newPage();
    await signIn(tab, { tokens: { token: session.token!, refreshToken: session.refreshToken! } });
    await run(tab, session.token!);
  } finally {
    await cold.close();
  }
}

/*
 * Issue 50: the borrow page on a cold load (a new browser, the session already in it). Its HTML names
 * every script the page will run, so the browser fetches them at once instead of learning of each after
 * the one before has run; and each API read is asked once, whatever parts of the page share it.
 */
test('the borrow page on a cold load: every script named by its HTML and found, each API read asked once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await coldLoadAsBorrower({ page, request, browser }, async (tab) => {
    const scripts: string[] = [];
    const reads: string[] = [];
    const missing: string[] = [];
    tab.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    tab.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.resourceType() === 'script') scripts.push(pathname);
      if (pathname.startsWith('/api/')) reads.push(pathname);
    });
    const response = await tab.goto('/borrow');
    const html = (await response?.text()) ?? '';
    await expect(tab.getByRole('heading', { level: 2, name: 'Your next payment' })).toBeVisible();
    await tab.waitForLoadState('networkidle');

    // None of the staff console (issue 50): its chunks are the files under /assets/staff/.
    expect(scripts.filter((s) => s.startsWith('/assets/staff/'))).toEqual([]);
    const named = scriptsNamedIn(html);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((s) => !named.has(s))).toEqual([]);
    // And names nothing that is not there (a module that is only CSS has no script file).
    expect(missing).toEqual([]);
    const asked = new Map<string, number>();
    for (const call of reads) asked.set(call, (asked.get(call) ?? 0) + 1);
    expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
    expect(reads).toContain('/api/MyAccountArea/GetBorrowingSummary');
  });
});

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/*
 * Issue 50: the borrow page's frame. Its HTML draws the signed-in page as it stands before anything is
 * read (header, heading), and the early script writes where the loan stands into it as soon as its read
 * answers: shown here with every other script of the app held back, so nothing but the HTML and the
 * early script can have drawn it.
 */
test('the borrow page on a cold load: its frame says where the loan stands and its next payment before the app has run', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await coldLoadAsBorrower({ page, request, browser }, async (tab, token) => {
    const state = await request.get('/api/MyAccountArea/GetLoanState', {
      headers: { authorization: `Bearer ${token}` },
    });
    type Answer = { statusLine: string; figure: { amount: number; date: string } | null };
    const { statusLine, figure } = ((await state.json()) as { object: Answer }).object;
    expect(statusLine).not.toBe('');
    expect(figure).not.toBeNull();
    const html = await (await request.get('/borrow')).text();
    const early = /<script type="module" async crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(early).toBeDefined();
    await tab.route(/\.js$/, (route) =>
      new URL(route.request().url()).pathname === early ? route.continue() : route.abort(),
    );
    await tab.goto('/borrow');
    await expect(tab.getByRole('heading', { level: 1, name: 'Application/Loan status' })).toBeVisible();
    const banner = tab.getByRole('region', { name: 'Where your loan stands' });
    await expect(banner.getByText(statusLine, { exact: true })).toBeVisible();
    // And the first figure (issue 50: status and next payment), under its name, in the page's words.
    await expect(banner.getByRole('term')).toHaveText('Next payment');
    const [y, m, d] = figure!.date.split('-');
    await expect(banner.getByRole('definition')).toHaveText(
      `${GBP.format(figure!.amount)} on ${d}-${m}-${y}`,
    );
    // React has not run: the page's figures are not there yet, only the frame's place for them.
    await expect(tab.getByRole('heading', { level: 2, name: 'Your next payment' })).toHaveCount(0);
  });
});
