import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectRepaid, startPayingTotal } from '../../support/payment';

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
