import { expect, test } from '@playwright/test';
import { signedInWithLiveLoan } from '../support/live-loan';
import { fillStage1, newApplicant, pickLoanOnHome } from '../support/stage1-form';
import { screenshots } from './shot';

/*
 * Screenshots of issue 47: stage 1's soft-search sentence and consent, a decline that names the credit
 * reference agency, and the account's credit searches. At 1280 and 360 px, and the narrow project also at
 * 320 px.
 */
const shot = screenshots('issue-47');

test('credit reference', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const widths = testInfo.project.name === 'narrow' ? [360, 320] : [page.viewportSize()!.width];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await pickLoanOnHome(page);
    await fillStage1(page, newApplicant({ surname: 'Judgement' }));
    await shot(page, 'stage1-consent');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your application' })).toBeVisible();
    await shot(page, 'decline-with-agency');
  }
  await signedInWithLiveLoan(page, request, { stage1: { lastName: 'Brightwater' } });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/account/credit-searches');
    await expect(page.getByRole('table', { name: 'Searches of your credit file' })).toBeVisible();
    await shot(page, 'credit-searches');
  }
});
