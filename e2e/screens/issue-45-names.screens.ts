import { expect, test } from '@playwright/test';
import { signedInWithLiveLoan } from '../support/live-loan';
import { screenshots } from './shot';

/*
 * Screenshots of issue 45 item 12 with a live loan: the borrow page with its next payment, the payment
 * choice with nothing chosen (and after Next), the reschedule page, the schedule and the documents page.
 * At 1280 and 360 px, and the narrow project also at 320 px.
 */
const shot = screenshots('issue-45-names');

test('names and paths', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  await signedInWithLiveLoan(page, request);
  const widths = testInfo.project.name === 'narrow' ? [360, 320] : [page.viewportSize()!.width];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/borrow');
    await expect(page.getByRole('region', { name: 'Your next payment' })).toBeVisible();
    await shot(page, 'borrow');
    await page.goto('/borrow/payment');
    await expect(page.getByRole('radio', { name: 'Pay total' })).toBeVisible();
    await shot(page, 'payment-choice');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please choose how much you would like to pay.')).toBeVisible();
    await shot(page, 'payment-choice-none');
    await page.goto('/borrow/payment?reschedule=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Change your payment plan' })).toBeVisible();
    await shot(page, 'reschedule');
    await page.goto('/borrow/schedule');
    await expect(page.getByRole('button', { name: 'Retrieve contract' })).toBeVisible();
    await shot(page, 'schedule');
    await page.goto('/account/documents');
    await expect(page.getByRole('list', { name: 'Your documents' })).toBeVisible();
    await shot(page, 'documents');
  }
});
