import { expect, test } from '@playwright/test';
import { signedInWithLiveLoan } from '../support/live-loan';
import { screenshots } from './shot';

/*
 * Screenshots of issue 50: the borrow page's banner with where the loan stands and its next payment, as
 * the route shell's early script draws it before React has run (every other script held back) and then
 * as React draws the page; the schedule and payment pages with the same banner. At 1280 and 360 px.
 */
const shot = screenshots('issue-50');

test('issue 50: the banner with the next payment, in the frame and drawn', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await signedInWithLiveLoan(page, request);
  const widths = testInfo.project.name === 'narrow' ? [360] : [page.viewportSize()!.width];
  const html = await (await request.get('/borrow')).text();
  const early = /<script type="module" async crossorigin src="([^"]+)"/.exec(html)?.[1];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    const banner = page.getByRole('region', { name: 'Where your loan stands' });
    // The frame alone: only the HTML and the early script.
    await page.route(/\.js$/, (route) =>
      new URL(route.request().url()).pathname === early ? route.continue() : route.abort(),
    );
    await page.goto('/borrow');
    await expect(banner.getByRole('term')).toHaveText('Next payment');
    await page.screenshot({ path: `docs/screens/issue-50-borrow-frame-${width}.png`, fullPage: true });
    await page.unrouteAll();
    for (const [path, screen] of [
      ['/borrow', 'borrow'],
      ['/borrow/schedule', 'schedule'],
      ['/borrow/payment', 'payment'],
    ] as const) {
      await page.goto(path);
      await expect(banner.getByRole('term')).toHaveText('Next payment');
      await shot(page, screen);
    }
  }
});
