import { expect, test } from '@playwright/test';
import { applicationAt } from '../support/application-at';
import { signByApi } from '../support/esign-api';
import { signingLinkFor } from '../support/outbox';
import { TEST_SECRETS } from '../support/secrets';
import { fillCard, signInAt } from '../support/stage-forms';
import { screenshots } from './shot';

/*
 * Screenshots of issue 31's messages slice: the signing link of a signed application, the success page,
 * and a refused card at stage 2 (prefix `issue-31-messages` unless SCREENS_PREFIX says otherwise).
 */
const shot = screenshots('issue-31-messages');

test('the signing link after signing', async ({ page, request }) => {
  const { applicant } = await applicationAt(request, 'esignSent');
  const link = await signingLinkFor(request, applicant.email);
  await signByApi(request, applicant);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan agreement is signed');
  await shot(page, 'signed-link');
});

test('the success page', async ({ page }) => {
  await page.goto('/loan/success');
  await expect(page.getByRole('list', { name: 'What happens next' })).toBeVisible();
  await shot(page, 'success');
});

test('a refused card at stage 2', async ({ page, request }) => {
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  await fillCard(page, TEST_SECRETS.cardNumbers[3]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('Your bank did not approve this card.');
  await shot(page, 'card-refused', { fullPage: false });
});
