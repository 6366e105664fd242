import { expect, test } from '@playwright/test';

/** Runs in the phone project only (playwright.config.ts): the Menu button exists on narrow screens. */
test('the Menu button opens and closes the navigation', async ({ page }) => {
  await page.goto('/error');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();

  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-controls', (await nav.getAttribute('id')) ?? 'missing id');

  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();

  // Choosing a link closes the menu again.
  await toggle.tap();
  await nav.getByRole('link', { name: 'How it works' }).tap();
  await expect(page).toHaveURL((url) => url.pathname === '/info/costs');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
