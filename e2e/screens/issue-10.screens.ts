import { expect, test, type Page } from '@playwright/test';
import { TEST_SECRETS } from '../support/secrets';
import { fillCard, signInAt, typeAmount } from '../support/stage-forms';
import { screenshots } from './shot';

/*
 * Full-page screenshots of the card check, the affordability questions and the bank details into
 * docs/screens, named `<prefix>-<screen>-<width>.png` (prefix `issue-10` unless SCREENS_PREFIX says
 * otherwise). Each applicant is taken to the screen through the API, as the browser tests do.
 */
const shot = screenshots('issue-10');

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

test('stage2: empty; with every error and the billing address block', async ({ page, request }) => {
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  await expect(next(page)).toBeVisible();
  await shot(page, 'stage2-empty');

  await page.getByRole('radio', { name: 'No' }).check();
  await next(page).click();
  await expect(page.getByText('Please enter your billing address').first()).toBeVisible();
  await shot(page, 'stage2-errors');
});

test("stage2: the bank's challenge page", async ({ page, request }) => {
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  await fillCard(page, TEST_SECRETS.cardNumbers[2]);
  await next(page).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await shot(page, 'challenge', { ours: false });
});

test('stage3: the previous address and employment length asked; with errors', async ({ page, request }) => {
  await signInAt(page, request, 'cardAccepted');
  await page.goto('/loan/stage3');
  const livedThere = page.getByLabel('How long have you lived there?');
  await expect(livedThere.getByRole('option', { name: 'Less than 1 year' })).toHaveCount(1);
  await livedThere.selectOption({ label: 'Less than 1 year' });
  await page.getByLabel('Employment status', { exact: true }).selectOption({ label: 'Employed full-time' });
  await typeAmount(page, 'Rent', '450');
  await typeAmount(page, 'Communication/entertainment', '40');
  await shot(page, 'stage3-blocks');

  await next(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await shot(page, 'stage3-errors');
});

test('stage4: empty; with errors', async ({ page, request }) => {
  await signInAt(page, request, 'applicationCompleted');
  await page.goto('/loan/stage4');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  await shot(page, 'stage4-empty');

  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await shot(page, 'stage4-errors');
});
