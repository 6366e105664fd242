import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  formatApr,
  representativeExamples,
  representativeSentence,
} from '@lender/contract/pricing/representative-example';
import { hydrationMayYield } from '../../apps/web/src/lib/hydration-may-yield';

/*
 * Issue 30: home, the information pages and the FAQ topics arrive as HTML written at build time
 * (apps/web/build/prerender-plugin.ts), readable before and without JavaScript, and React takes them
 * over without drawing them again.
 */

const { standard } = representativeExamples();
const EXAMPLE = `${representativeSentence(standard)} Representative ${formatApr(standard.aprPercent)} APR.`;

/** The build under test, as the server serves it (playwright.config.ts). */
const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** Every page the build prerendered: each `index.html` of the build is one (`info/costs/index.html`). */
function prerenderedPaths(dir = ''): string[] {
  return fs.readdirSync(path.join(WEB_DIST, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return rel === 'assets' ? [] : prerenderedPaths(rel);
    return entry.name === 'index.html' ? [`/${dir}`] : [];
  });
}

test.describe('Without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows its heading, its loan picker and the representative example', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Small loans | Kestrel Loans');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Small loans from £1 to £1,000$/ }),
    ).toBeVisible();
    const picker = page.getByRole('form', { name: 'Choose your loan' });
    await expect(picker).toBeVisible();
    // It needs the script: until React takes it over, its controls are disabled (never sent as plain HTML).
    await expect(picker.getByRole('button', { name: 'Apply Now' })).toBeDisabled();
    const example = page.getByRole('region', { name: 'Representative example' });
    await expect(example.getByRole('paragraph')).toHaveText(EXAMPLE);
    await expect(page.getByRole('contentinfo')).toContainText(`Representative example: ${EXAMPLE}`);
  });

  test('the costs page shows its text and the representative example table', async ({ page }) => {
    await page.goto('/info/costs');
    await expect(page).toHaveTitle('Costs | Kestrel Loans');
    await expect(page.getByRole('heading', { level: 1, name: 'Costs' })).toBeVisible();
    const table = page.getByRole('table', { name: /^Representative example/ });
    await expect(table.getByRole('row', { name: /^Representative APR/ })).toContainText(
      formatApr(standard.aprPercent),
    );
    await expect(page.getByRole('contentinfo')).toContainText(`Representative example: ${EXAMPLE}`);
  });

  test('a FAQ topic shows its questions, with or without a trailing slash', async ({ page }) => {
    for (const url of ['/info/faqs/general-questions', '/info/faqs/general-questions/']) {
      await page.goto(url);
      await expect(page).toHaveTitle('General questions | Kestrel Loans');
      await expect(page.getByRole('heading', { level: 1, name: 'General questions' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to all frequently asked questions' })).toBeVisible();
    }
  });

  test('stage 1 shows its form, which waits for the script', async ({ page }) => {
    await page.goto('/loan/stage1?amount=300&months=3&product=11');
    await expect(page).toHaveTitle('Your application | Kestrel Loans');
    // The loan is read from the query once React takes over; the HTML names none.
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
    // Inert until then: nothing in it can be focused, chosen or sent the browser's own way.
    await page.getByText('First name').click({ force: true });
    await page.keyboard.type('Ada');
    await expect(page.locator('input[name="firstName"]')).toHaveValue('');
  });

  test('only a page whose every control waits for React is taken over in slices', async ({ page }) => {
    // Stage 1 (its form inert, the menu button disabled) and home (its picker and carousel disabled until
    // React has them, issue 45) may yield, which keeps a slow phone's main thread free. The HTML as
    // served, before the script runs, is what counts.
    await page.goto('/loan/stage1?amount=300&months=3&product=11');
    expect(await page.locator('#root').evaluate(hydrationMayYield)).toBe(true);
    await page.goto('/');
    expect(await page.locator('#root').evaluate(hydrationMayYield)).toBe(true);
  });

  test('a route that is not prerendered gets the shell, not home', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByText(EXAMPLE)).toHaveCount(0);
  });
});

/** Console errors and uncaught errors of the page, from now on. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('Hydration', () => {
  test('every prerendered page is taken over without a mismatch or any error', async ({ page }) => {
    const paths = prerenderedPaths();
    expect(paths, 'the build prerendered home, the info pages and the FAQ topics').toEqual(
      expect.arrayContaining(['/', '/info', '/info/costs', '/info/faqs', '/info/faqs/general-questions']),
    );
    for (const path of paths) {
      // Stage 1 without its query sends the visitor home: the test takes it as a visitor arrives.
      const url = path === '/loan/stage1' ? `${path}?amount=300&months=3&product=11` : path;
      const errors = collectErrors(page);
      await page.goto(url);
      // The page's own effect runs once React has hydrated it (components/page.tsx).
      await expect(page.locator('body[data-navigated="true"]'), url).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      // "Hydration error:" is main.tsx's onRecoverableError (lib/report-hydration-error.ts).
      expect(errors, `${url}: console errors`).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('stage 1 names the loan of its link and takes input once React has it', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/loan/stage1?amount=450&months=4&product=11');
    await expect(page.getByRole('heading', { level: 1, name: 'Apply for £450.00' })).toBeVisible();
    await page.getByLabel('First name').fill('Ada');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Year')).toContainText(String(new Date().getFullYear() - 18));
    expect(errors).toEqual([]);
  });

  test('the signed-in header comes from the browser after hydration, not from the HTML', async ({ page }) => {
    const errors = collectErrors(page);
    // A stored session as sign-in leaves it (lib/session.ts); the info pages make no call with it.
    await page.addInitScript(() => {
      localStorage.setItem('token', 'not-checked-on-this-page');
      localStorage.setItem('firstName', 'Ada');
    });
    await page.goto('/info/costs');
    await expect(page.getByRole('complementary', { name: 'Your contact' })).toContainText('Hello, Ada');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }),
    ).toBeAttached();
    expect(errors).toEqual([]);
  });
});
