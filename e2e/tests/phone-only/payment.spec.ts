import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectPaymentSuccess, expectRepaid, startPayingTotal, stepHeading } from '../../support/payment';

/*
 * Issue 27 at 360 px (the phone project only): the wizard's step and its buttons stack on a phone, so
 * paying the total with the card on file is tapped through once here; the other journeys of the wizard
 * are desktop-only/payment.spec.ts.
 */
test('pays the total due with the card on file at phone width: the loan is repaid', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInWithLiveLoan(page, request);
  const total = await startPayingTotal(page);
  expect(total).toMatch(/^£\d+\.\d\d$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(page.getByRole('radio', { name: 'The card on file' })).toBeChecked();
  // Nothing of the step is cut off or needs sideways scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await submit.tap();
  await expectRepaid(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/*
 * Issue 45 at 320 px: the borrow page's figures under their names (item 6), the next instalment among the
 * choices (item 12), a plan's cost and the amount on the button before Accept (item 9), and the receipt
 * (item 10), with nothing wider than the screen on the way.
 */
test('pays part now with a new plan at 320 px: named figures, the plan’s cost, the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await page.setViewportSize({ width: 320, height: 740 });
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.goto('/borrow');
  const next = page.getByRole('region', { name: 'Your next payment' });
  await expect(next.getByRole('term')).toContainText([
    'To clear your loan today',
    'Left to pay on your plan',
  ]);
  await fits();

  await next.getByRole('link', { name: 'Make a payment' }).tap();
  await expect(stepHeading(page, 'Choose an amount')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'The next instalment' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'Other amount' }).check();
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(stepHeading(page, 'Pay another amount')).toBeFocused();
  await page.getByLabel('Amount to pay now', { exact: true }).fill('50');
  await page.getByLabel('Payment frequency', { exact: true }).selectOption({ label: 'Monthly' });
  await page.getByLabel('Number of payments', { exact: true }).selectOption({ label: '2 payments' });
  await page.getByLabel('Next payment date', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Calculate' }).tap();

  await expect(stepHeading(page, 'Check your new payment plan')).toBeFocused();
  await expect(
    page.getByText(/^This plan costs (£\d+\.\d\d (more|less) than|the same as) your plan today\.$/),
  ).toBeVisible();
  const accept = page.getByRole('button', { name: 'Accept and proceed: pay £50.00 now', exact: true });
  await expect(accept).toBeVisible();
  await fits();
  await page.getByRole('checkbox', { name: /^I agree to this payment plan/ }).check();
  await accept.tap();

  await expectPaymentSuccess(page);
  const receipt = page.getByRole('status').filter({ hasText: 'successfully' });
  await expect(receipt.getByRole('definition').first()).toHaveText('£50.00');
  await fits();
});
