import { expect, test } from '@playwright/test';
import { startApplication } from '../support/api';
import { signIn } from '../support/session';
import { fillStage1, newApplicant } from '../support/stage1-form';
import { screenshots } from './shot';

/*
 * Full-page screenshots of home and the application's first screens into docs/screens, named
 * `<prefix>-<screen>-<width>.png` (prefix `issue-8` unless SCREENS_PREFIX says otherwise).
 */
const shot = screenshots('issue-8');

// Reduced motion keeps the carousel on its first slide, so a re-run gives the same picture.
test.use({ reducedMotion: 'reduce' });

const STAGE1 = '/loan/stage1?amount=300&months=3&product=11';

test('home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await shot(page, 'home');
});

test('stage1: empty, with every error, filled in', async ({ page }) => {
  await page.goto(STAGE1);
  const title = page.getByLabel('Title', { exact: true });
  await expect(title.locator('option', { hasText: 'Mrs' })).toHaveCount(1);
  await shot(page, 'stage1-empty');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter your first name.').first()).toBeVisible();
  await shot(page, 'stage1-errors');

  await page.goto(STAGE1);
  await expect(title.locator('option', { hasText: 'Mrs' })).toHaveCount(1);
  // The manual address: every address field on the picture, and no dependence on the lookup list.
  await fillStage1(page, newApplicant({ manualAddress: true }));
  await shot(page, 'stage1-filled');
});

test('quote', async ({ page, request }) => {
  // The applicant's stage 1 goes through the API, as the browser tests reach the quote.
  await signIn(page, { tokens: await startApplication(request) });
  await page.goto('/loan/pre-approved');
  await expect(page.getByRole('region', { name: 'Your repayments' })).toBeVisible();
  await shot(page, 'quote');
});
