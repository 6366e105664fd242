import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';

/*
 * Issue 31 at 360 px: the page after signing says what happens next and when, and leads to the account.
 */
test('the success page names the next steps and leads to the account', async ({ page }) => {
  await page.goto('/loan/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your application is complete');
  const steps = page.getByRole('list', { name: 'What happens next' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps).toContainText('a copy of your signed agreement');
  await expect(steps).toContainText('our decision');
  await expect(steps).toContainText('within 15 minutes');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Sign in to your account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
