import { expect, test, type Page } from '@playwright/test';
import { ALSO_ON_PHONE, mainHeadings } from '../support/layout';

/** Scrolls as a person would: the mouse wheel on a desktop, a swipe-like scroll on a phone. */
async function scrollBy(page: Page, dy: number) {
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, dy);
}

test(
  'the header turns compact after 50 px of scrolling and back at the top',
  ALSO_ON_PHONE,
  async ({ page }) => {
    await page.goto('/maintenance');
    await expect(mainHeadings(page)).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner).toHaveAttribute('data-compact', 'false');

    await scrollBy(page, 30);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(banner).toHaveAttribute('data-compact', 'false');

    await scrollBy(page, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect(banner).toHaveAttribute('data-compact', 'true');
    // Still there and usable while compact (it is sticky).
    await expect(banner).toBeInViewport();

    await scrollBy(page, -2000);
    await expect(banner).toHaveAttribute('data-compact', 'false');
  },
);

test('a marketing carousel, where shown, can be paused', async ({ page }) => {
  let seen = 0;
  for (const path of ['/', '/login', '/loan/success']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeAttached();
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    const carousel = page.getByRole('region', { name: 'Why borrow with us' });
    if ((await carousel.count()) === 0) continue;
    seen += 1;
    const pause = carousel.getByRole('button', { name: /^Pause/ });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(carousel.getByRole('button', { name: /^Play/ })).toBeVisible();
  }
  if (seen === 0) console.log('[note] no marketing carousel on /, /login or /loan/success; nothing to pause');
});

test('the global loader is not shown on an idle page', async ({ page }) => {
  await page.goto('/error');
  await expect(mainHeadings(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Please wait.')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ visible: true })).toHaveCount(0);
  // Yet the loader's live region is already in the page, empty, ready to be announced.
  await expect(page.getByRole('status').and(page.locator('[aria-live="polite"]'))).toHaveText('');
});

test.describe('security', () => {
  test('/ is served with a Content-Security-Policy and no page breaks it', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (/Content Security Policy|CSP violation|Refused to (load|execute|apply|connect|frame)/i.test(text)) {
        violations.push(`${page.url()}: ${text}`);
      }
    });
    page.on('pageerror', (err) => violations.push(`${page.url()}: page error ${err.message}`));
    // The browser reports blocked content as an event too; surface it on the console we listen to.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
      });
    });

    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');

    for (const path of ['/login', '/error?esign=true', '/maintenance', '/info/faqs']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeAttached();
    }
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
