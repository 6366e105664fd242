import { expect, test } from '@playwright/test';
import { signedInWithLiveLoan } from '../support/live-loan';
import { expectRepaid, startPayingTotal } from '../support/payment';
import { screenshots } from './shot';

/*
 * Screenshots of issue 28's repeat loan for a customer whose first loan is repaid: the borrow page with
 * its confirmation box, the apply form as it opens (prefilled, the quote worked out), and with a new card
 * chosen after a submit with the card's fields empty.
 */
const shot = screenshots('issue-28');

test('repeat loan', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await startPayingTotal(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectRepaid(page);

  await page.goto('/borrow');
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await shot(page, 'borrow-repeat');

  await page.getByRole('checkbox', { name: /^I confirm my circumstances/ }).check();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeVisible();
  const date = page.getByLabel('Repayment start date');
  if (await date.isEnabled()) await date.selectOption({ index: 1 });
  await expect(page.getByRole('table', { name: 'Repayment schedule' })).toBeVisible();
  await shot(page, 'apply-form');

  await page.getByRole('radio', { name: 'A new debit card' }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await shot(page, 'apply-new-card-errors');
});
