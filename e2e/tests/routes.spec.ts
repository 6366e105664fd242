import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { startApplication, type Tokens } from '../support/api';
import { applicationAt } from '../support/application-at';
import { ALSO_ON_PHONE, BRAND_NAME, expectSiteChrome, mainHeadings } from '../support/layout';
import { ROUTES, type RouteCase } from '../support/route-table';
import { signIn } from '../support/session';

/** Waits until the lazily loaded page (and any data it loads first) has replaced its busy placeholder. */
async function settled(page: Page) {
  const main = page.getByRole('main');
  await expect(main).toBeAttached();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The row's session: at its status, or a new application's, or none (signIn's fakes) for the guards. */
async function sessionFor(route: RouteCase, request: APIRequestContext): Promise<Tokens | undefined> {
  if (route.atStatus) return (await applicationAt(request, route.atStatus)).tokens;
  return route.realSession ? startApplication(request) : undefined;
}

for (const route of ROUTES) {
  const who = route.signedIn ? (route.legal ? 'legal customer' : 'signed-in customer') : 'visitor';
  test(`${route.path} as ${who}`, ALSO_ON_PHONE, async ({ page, request }) => {
    if (route.signedIn) {
      const tokens = await sessionFor(route, request);
      await signIn(page, { legal: route.legal ?? false, ...(tokens ? { tokens } : {}) });
    }
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    const landsOn = route.landsOn ?? route.path.split('?')[0];
    await expect(page).toHaveURL((url) => url.pathname === landsOn);

    // The heading alone could be a loading placeholder's (the quote's is the same): wait for the page.
    await settled(page);
    const h1 = mainHeadings(page);
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(route.heading);
    await expect(page).toHaveTitle(new RegExp(`\\| ${BRAND_NAME}$`));

    await expectSiteChrome(page);
    await expectNoSeriousA11yViolations(page);
    // Still there: a page that rejects its session or its data sends the browser elsewhere after a moment.
    expect(new URL(page.url()).pathname, 'the page kept the visitor').toBe(landsOn);
  });
}

test('/loan sends the visitor on to the application form', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/loan');
  await expect.poll(() => visited).toContain('/loan/stage1');
  // Without a chosen loan the form may send the visitor home; either way /loan itself is not kept.
  await expect(page).toHaveURL((url) => url.pathname === '/loan/stage1' || url.pathname === '/');
});

test('/error?esign=true explains the e-sign e-mail', async ({ page }) => {
  await page.goto('/error?esign=true');
  await expect(page.getByRole('main')).toContainText('Application e-Sign process');
  await page.goto('/error');
  await expect(page.getByRole('main')).toContainText('An error occurred while processing your application');
});
