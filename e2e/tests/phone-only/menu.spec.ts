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

test('Escape closes the open menu and puts focus back on the Menu button', async ({ page }) => {
  await page.goto('/error');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Opened from the keyboard, focus still on the button.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  // Focus inside the menu: Escape closes it and focus does not fall to the page's start.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Who we are' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
});
