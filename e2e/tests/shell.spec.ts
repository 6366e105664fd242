import { expect, test, type Locator, type Page } from '@playwright/test';
import { startApplication } from '../support/api';
import { ALSO_ON_PHONE, mainHeadings, openMainMenu } from '../support/layout';
import { signIn } from '../support/session';
import { fillStage1, newApplicant, pickLoanOnHome } from '../support/stage1-form';

/** The site shell (header, loader, footer, information area) at 1280 px (desktop) and 360 px (phone). */

const DECISION = 'Checking your application. This can take up to a minute.';
const SUPPORT_EMAIL = 'support@kestrelloans.example';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 600;

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'the element has a box on screen').not.toBeNull();
  return b!;
}

/** Records every layout shift of the page from its first paint on (the Layout Instability API). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; hadRecentInput: boolean; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        const sources = (e.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : 'text',
        );
        shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

/** Scrolls as a person would, with the mouse wheel, and waits until the page has moved. */
async function scrollTo(page: Page, y: number) {
  const from = await page.evaluate(() => window.scrollY);
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, y - from);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(y, 0);
}

/** Where an element is in the document (not the viewport): it must not move when the header changes. */
const documentTop = (locator: Locator) =>
  locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

/** The character positions where the link's text starts a new line. */
const lineBreaks = (link: Locator) =>
  link.evaluate((a) => {
    const breaks: number[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    let index = 0;
    let lastTop: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++, index++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 2) breaks.push(index);
        lastTop = top;
      }
    }
    return breaks;
  });

test.describe('header', () => {
  test(
    'is taller at the top, compact after 50 px of scrolling, and moves nothing',
    ALSO_ON_PHONE,
    async ({ page }) => {
      await recordLayoutShifts(page);
      // The page's own chunk lands late, as on a slow network: nothing already on screen may move for it.
      await page.route(/\/assets\/costs-[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await page.goto('/info/costs');
      await expect(mainHeadings(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const banner = page.getByRole('banner');
      const warning = page.getByRole('complementary', { name: 'Risk warning' });
      // The control nearest the header's edges: the menu button on a phone, the home link on a desktop.
      const edge = isPhone(page)
        ? banner.getByRole('button', { name: 'Menu' })
        : banner.getByRole('link', { name: 'Kestrel Loans home' });

      await expect(banner).toHaveAttribute('data-compact', 'false');
      const top = await box(banner);
      const edgeTop = await box(edge);
      const warningAt = await documentTop(warning);
      // Comfortable room above and below the controls at the top of the page.
      expect(edgeTop.y - top.y).toBeGreaterThanOrEqual(12);
      expect(top.y + top.height - (edgeTop.y + edgeTop.height)).toBeGreaterThanOrEqual(12);

      await scrollTo(page, 40);
      await expect(banner).toHaveAttribute('data-compact', 'false');
      await scrollTo(page, 300);
      await expect(banner).toHaveAttribute('data-compact', 'true');
      await expect(banner).toBeInViewport();
      const compact = await box(banner);
      const edgeCompact = await box(edge);

      console.log(
        `[header ${page.viewportSize()?.width} px] ${top.height} px at the top, ${compact.height} compact`,
      );
      expect(compact.y).toBe(0);
      expect(top.height, 'taller at the top than compact').toBeGreaterThan(compact.height);
      expect(top.height - compact.height).toBeGreaterThanOrEqual(8);
      // Compact still leaves room around the 44 px controls.
      expect(compact.height).toBeGreaterThanOrEqual(44 + 8);
      expect(edgeCompact.y - compact.y).toBeGreaterThanOrEqual(4);
      expect(compact.y + compact.height - (edgeCompact.y + edgeCompact.height)).toBeGreaterThanOrEqual(4);
      expect(await documentTop(warning), 'the content below the header did not move').toBe(warningAt);

      await scrollTo(page, 0);
      await expect(banner).toHaveAttribute('data-compact', 'false');
      expect((await box(banner)).height).toBe(top.height);
      expect(await documentTop(warning)).toBe(warningAt);

      // Cumulative layout shift over the load and both changes of the header: none at all.
      expect(await layoutShifts(page)).toEqual([]);
    },
  );

  test(
    'has touch targets of 44 px on a phone and at least 24 px everywhere',
    ALSO_ON_PHONE,
    async ({ page }) => {
      await page.goto('/error');
      await expect(mainHeadings(page)).toBeVisible();
      const banner = page.getByRole('banner');
      const phoneLink = banner.getByRole('link', { name: 'Call support on 020 7946 0123' });
      const primary = isPhone(page) ? 44 : 24;
      const phone = await box(phoneLink);
      expect(phone.height).toBeGreaterThanOrEqual(primary);
      expect(phone.width).toBeGreaterThanOrEqual(primary);
      if (isPhone(page)) {
        const menu = await box(banner.getByRole('button', { name: 'Menu' }));
        expect(menu.height).toBeGreaterThanOrEqual(44);
        expect(menu.width).toBeGreaterThanOrEqual(44);
      }
      await openMainMenu(page);
      const targets = banner.getByRole('link').or(banner.getByRole('button')).filter({ visible: true });
      expect(await targets.count()).toBeGreaterThanOrEqual(7);
      for (const target of await targets.all()) {
        const b = await box(target);
        const name = (await target.textContent())?.trim();
        expect(b.height, `height of ${name}`).toBeGreaterThanOrEqual(24);
        expect(b.width, `width of ${name}`).toBeGreaterThanOrEqual(24);
      }
    },
  );
});

test.describe('global loader', () => {
  test('says that the decision can take up to a minute, in a live region that was already there', async ({
    page,
  }) => {
    await pickLoanOnHome(page);
    await fillStage1(page, newApplicant());

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Register/SubmitStage1', async (route) => {
      await released;
      await route.continue();
    });

    // The polite status regions before the submit: the loader's must be one of them, still empty.
    const before = page.getByRole('status');
    await expect(before.first()).toBeAttached();
    await before.evaluateAll((els) => els.forEach((el) => el.setAttribute('data-e2e-before', '')));

    await page.getByRole('button', { name: 'Next' }).click();
    const loader = page.getByRole('status').filter({ hasText: DECISION });
    await expect(loader).toBeVisible();
    await expect(loader).toHaveText(DECISION);
    await expect(loader).toHaveAttribute('aria-live', 'polite');
    await expect(loader, 'the live region existed before its text changed').toHaveAttribute(
      'data-e2e-before',
      '',
    );
    await page.screenshot({ path: test.info().outputPath('loader.png') });

    release();
    await expect(page).toHaveURL(/\/loan\/pre-approved$/);
    await expect(page.getByText(DECISION)).toHaveCount(0);
  });

  test("says 'Please wait.' when a slow request is not a decision", async ({ page, request }) => {
    await signIn(page, { tokens: await startApplication(request) });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Register/GetQuote', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/loan/pre-approved');
    const loader = page.getByRole('status').filter({ hasText: 'Please wait.' });
    await expect(loader).toBeVisible();
    await expect(loader).toHaveAttribute('aria-live', 'polite');
    release();
    await expect(mainHeadings(page)).toHaveText('Your quote');
    await expect(loader).toHaveCount(0);
  });
});

test.describe('footer', () => {
  for (const path of ['/', '/error', '/not-found', '/maintenance', '/info/costs']) {
    test(`is on ${path}, with no draft in its links`, async ({ page }) => {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Representative example:');
      await expect(footer.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute(
        'href',
        '/info/privacy-policy',
      );
      await expect(footer.getByRole('link', { name: /draft/i })).toHaveCount(0);
    });
  }

  test('arrives after the first load, below the fold, moving nothing', ALSO_ON_PHONE, async ({ page }) => {
    await recordLayoutShifts(page);
    await page.route(/\/assets\/error-page-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/error');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Representative example:');
    await expect(mainHeadings(page)).toBeVisible();
    await expect(footer).not.toBeInViewport();
    expect(await layoutShifts(page)).toEqual([]);
    // Out of the first load as the bench counts it: its script is requested after the load event.
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByType('resource').find((e) => /\/site-footer-/.test(e.name));
      return { load: nav.loadEventStart, footer: script?.startTime ?? null };
    });
    expect(timing.footer, 'the footer is a script of its own').not.toBeNull();
    expect(timing.footer!).toBeGreaterThanOrEqual(timing.load);
  });

  test('never breaks the support e-mail address inside a word', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/error');
    const email = page.getByRole('contentinfo').getByRole('link', { name: SUPPORT_EMAIL });
    await email.scrollIntoViewIfNeeded();
    await expect(email).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    const breaks = await lineBreaks(email);
    if (isPhone(page)) {
      // A narrow column may break it before the @ only.
      expect([[], [SUPPORT_EMAIL.indexOf('@')]]).toContainEqual(breaks);
    } else {
      expect(breaks, 'one line at 1280 px').toEqual([]);
      const lineHeight = await email.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight));
      expect((await box(email)).height).toBeLessThan(lineHeight * 1.5);
    }
  });
});

test.describe('information area', () => {
  test(
    'puts the heading first, with the section navigation beside it or folded after it',
    ALSO_ON_PHONE,
    async ({ page }) => {
      await page.goto('/info/costs');
      const h1 = mainHeadings(page);
      await expect(h1).toHaveText('Costs');
      await expect(h1).toBeInViewport();
      const nav = page.getByRole('navigation', { name: 'Information' });
      const follows = async (later: Locator) =>
        h1.evaluate(
          (heading, other) => heading.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING,
          await later.elementHandle(),
        );

      if (isPhone(page)) {
        // Folded: no navigation is offered until the reader opens it, after the heading and the text.
        await expect(nav).toHaveCount(0);
        const more = page.getByText('More information pages');
        expect(await follows(more), 'the disclosure follows the heading').toBeTruthy();
        await more.scrollIntoViewIfNeeded();
        await more.click();
        await expect(nav).toBeVisible();
        expect(await follows(nav), 'the navigation follows the heading').toBeTruthy();
        await expect(nav.getByRole('link', { name: 'Costs' })).toHaveAttribute('aria-current', 'page');
        await expect(nav.getByRole('link', { name: /draft/i })).toHaveCount(0);
        await nav.getByRole('link', { name: 'Cookies' }).click();
        await expect(h1).toHaveText('Cookies');
        await expect(nav, 'folded again on the next page').toHaveCount(0);
      } else {
        // A side navigation to the left of the page.
        await expect(nav).toHaveCount(1);
        await expect(nav).toBeVisible();
        expect((await box(nav)).x + (await box(nav)).width).toBeLessThanOrEqual((await box(h1)).x);
        await expect(page.getByText('More information pages')).toBeHidden();
        await expect(nav.getByRole('link', { name: 'Costs' })).toHaveAttribute('aria-current', 'page');
        await expect(nav.getByRole('link', { name: /draft/i })).toHaveCount(0);
      }
    },
  );

  test('offers the privacy policy in effect, and its draft successor only from that policy', async ({
    page,
  }) => {
    await page.goto('/info');
    await expect(mainHeadings(page)).toHaveText('Information');
    await expect(page.getByRole('main').getByRole('link', { name: /draft/i })).toHaveCount(0);
    const menu = await openMainMenu(page);
    await expect(menu.getByRole('link', { name: /draft/i })).toHaveCount(0);

    await page.goto('/info/privacy-policy');
    await expect(mainHeadings(page)).toHaveText('Privacy policy');
    await expect(page).toHaveTitle('Privacy policy | Kestrel Loans');
    await page.getByRole('link', { name: 'read the draft of the next version' }).click();
    await expect(mainHeadings(page)).toHaveText('Privacy policy: next version (draft)');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
