import { expect, test } from '@playwright/test';

/** Runs in the desktop project only (playwright.config.ts). */
test('the Menu button is not shown on a wide screen', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
