import { expect, type Page } from '@playwright/test';
import { mainHeadings } from './layout';

/** A step of the payment wizard (borrow/payment): its heading, which takes focus when the step opens. */
export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** From the schedule to the card step of 'Pay total'; answers the total due the page shows. */
export async function startPayingTotal(page: Page) {
  await page.getByRole('button', { name: 'Make a payment' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/payment');
  await expect(mainHeadings(page)).toHaveText('Make a payment');
  return payTotalFromStep0(page);
}

/** Step 0 of the wizard, already open: Pay total, Next; answers the total due the page shows. */
export async function payTotalFromStep0(page: Page) {
  await expect(stepHeading(page, 'Choose an amount')).toBeVisible();
  // Nothing is chosen for the customer (issue 45).
  await expect(page.getByRole('radio', { name: 'Pay total' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Other amount' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'Pay total' }).check();
  // The settlement figure under its one name (issue 45).
  const hint = await page
    .getByText(/^To clear your loan today: £[\d,]+\.\d\d\. Your loan is then repaid\.$/)
    .textContent();
  const total = hint!.replace(/^To clear your loan today: /, '').split('. ')[0]!;
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Pay the total due')).toBeFocused();
  await expect(page.getByText(`You are paying ${total}, everything you owe today.`)).toBeVisible();
  return total;
}

/** Back on the schedule with the payment's success. */
export async function expectPaymentSuccess(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/schedule');
  // The schedule's success, beside the loader's own (empty) status.
  const status = page.getByRole('status').filter({ hasText: 'successfully' });
  await expect(status.locator('p').first()).toHaveText('Payment has been successfully proccessed');
  // The receipt follows the spec's words (issue 45 item 10): amount, card ending, date.
  await expect(status.getByRole('heading', { name: 'Your receipt' })).toBeVisible();
  await expect(status.getByRole('term')).toContainText(['Amount paid', 'Card', 'Date']);
  await expect(status.getByRole('definition').nth(1)).toHaveText(/^Ending \d{4}$/);
}

/** Back on the schedule with the payment's success, and the loan repaid. */
export async function expectRepaid(page: Page) {
  await expectPaymentSuccess(page);
  await expect(page.getByText('No payments for this application')).toBeVisible();
  await expect(page.getByText('Repaid on')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Card payment');
  const plan = page.getByRole('table', { name: 'Payment plan' });
  await expect(plan.getByRole('cell', { name: 'Paid', exact: true }).first()).toBeVisible();
  await expect(plan.getByRole('cell', { name: 'Due', exact: true })).toHaveCount(0);
}

/** The new plan's rows at the wizard's last step, the header row first. */
export const planPayments = (page: Page) =>
  page.getByRole('table', { name: 'Your new payment plan' }).getByRole('row');
