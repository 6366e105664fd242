import { expect, test } from '@playwright/test';
import { bankPanel, onStage3WithAnswers } from '../support/open-banking';
import { screenshots } from './shot';

/*
 * Screenshots of issue 49: stage 3's bank panel (closed and open), the sandbox bank's consent page, what
 * was found, and the account's bank connections. At 1280 and 360 px, and the narrow project also at 320 px.
 */
const shot = screenshots('issue-49');

test('open banking', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const widths = testInfo.project.name === 'narrow' ? [360, 320] : [page.viewportSize()!.width];
  await onStage3WithAnswers(page, request);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'stage3-panel');
  }
  await bankPanel(page).getByRole('button', { name: 'Connect your bank' }).click();
  await bankPanel(page).getByText('What we read, for how long, and why').click();
  await bankPanel(page).getByLabel('Your bank').selectOption({ label: 'Sandbox Bank' });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'stage3-panel-open');
  }
  await bankPanel(page).getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('share your account information');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'sandbox-consent', { ours: false });
  }
  await page.getByRole('radio', { name: /^salaried\b/ }).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(bankPanel(page).getByRole('status')).toBeVisible();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'stage3-found');
  }
  await page.goto('/account/bank-connections');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bank connections');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'bank-connections');
  }
});
