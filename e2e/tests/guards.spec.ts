import { expect, test } from '@playwright/test';
import { ALSO_ON_PHONE, mainHeadings, openMainMenu } from '../support/layout';
import { startApplication } from '../support/api';
import { signIn, storedSession } from '../support/session';

test.describe('a visitor who is not signed in', () => {
  for (const path of ['/borrow', '/account/change-email', '/loan/stage2']) {
    test(`is sent from ${path} to login, carrying where they were going`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/login' && url.searchParams.get('from') === path,
      );
      await expect(mainHeadings(page)).toHaveText('Welcome to Your Account');
    });
  }

  test('sees the logged-out menu with My Account', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/error');
    const nav = await openMainMenu(page);
    for (const name of ['Who we are', 'Blog', 'How it works', 'Contact us', 'My Account']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Payments', 'Borrowing Summary', 'Documents', 'Contact Details', 'Pre Claim']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('lands on Page not found at an unknown address', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL((url) => url.pathname === '/not-found');
    await expect(mainHeadings(page)).toHaveText('Page not found');
  });
});

// A real session: the borrow pages read the customer's loan from the API, which refuses a fake token.
test.describe('a signed-in customer', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, { tokens: await startApplication(request) });
  });

  for (const path of ['/', '/login', '/forgot-password']) {
    test(`is sent from ${path} to borrow`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/borrow');
      await expect(mainHeadings(page)).toHaveText('Application/Loan status');
    });
  }

  test('who is not flagged legal is sent from /pre-claim to borrow', async ({ page }) => {
    await page.goto('/pre-claim');
    await expect(page).toHaveURL((url) => url.pathname === '/borrow');
    await expect(mainHeadings(page)).toHaveText('Application/Loan status');
  });

  test('sees the logged-in menu without Pre Claim', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/borrow');
    const nav = await openMainMenu(page);
    for (const name of ['Payments', 'Borrowing Summary', 'Documents', 'Contact Details']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pre Claim' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'My Account' })).toHaveCount(0);
  });

  test(
    'reaches Documents from the menu, a page headed as what it is',
    ALSO_ON_PHONE,
    async ({ page }, testInfo) => {
      // Issue 45: it was found only through contact details, under the heading 'Contact Details'.
      for (const width of testInfo.project.name === 'phone' ? [360, 320] : [1280]) {
        await page.setViewportSize({ width, height: 700 });
        await page.goto('/borrow');
        await (await openMainMenu(page)).getByRole('link', { name: 'Documents', exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname === '/account/documents');
        await expect(mainHeadings(page)).toHaveText('Your documents');
        await expect(page).toHaveTitle(/^Your documents \|/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    },
  );

  test('is signed out by Logout and shown the login page', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/borrow/schedule');
    const nav = await openMainMenu(page);
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(mainHeadings(page)).toHaveText('Welcome to Your Account');
    expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });

    const menu = await openMainMenu(page);
    await expect(menu.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    // Still signed out after a reload: the guard now sends them back to login.
    await page.goto('/borrow');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});

test.describe('a signed-in customer flagged legal', () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, { legal: true, tokens: await startApplication(request) });
  });

  test('opens the Pre Claim area', async ({ page }) => {
    await page.goto('/pre-claim');
    await expect(page).toHaveURL((url) => url.pathname === '/pre-claim');
    await expect(mainHeadings(page)).toHaveText('Pre Claim');
  });

  test('sees Pre Claim in the menu', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/borrow');
    const nav = await openMainMenu(page);
    await nav.getByRole('link', { name: 'Pre Claim' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/pre-claim');
    await expect(mainHeadings(page)).toHaveText('Pre Claim');
  });
});
