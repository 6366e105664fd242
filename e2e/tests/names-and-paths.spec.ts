import { expect, test, type Page } from '@playwright/test';
import { downloaded } from '../support/documents';
import { ALSO_ON_PHONE, mainHeadings, openMainMenu } from '../support/layout';
import { signedInWithLiveLoan } from '../support/live-loan';
import { stepHeading } from '../support/payment';

/*
 * Issue 45 item 12, names and paths, with a live loan: the borrow page's next payment and 'Make a payment',
 * a payment choice with nothing chosen for the customer, the reschedule page headed as what it is, and
 * 'Retrieve contract' saving the loan's agreement. On the phone project at 360 and 320 px, else 1280 px.
 */

const fits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test(
  'a live loan: next payment, Make a payment, the choice, the reschedule page and the contract',
  ALSO_ON_PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    await signedInWithLiveLoan(page, request);
    for (const width of testInfo.project.name === 'phone' ? [360, 320] : [1280]) {
      await page.setViewportSize({ width, height: 740 });

      // The borrow page: the next payment, amount and date, and the way to pay it.
      await page.goto('/borrow/schedule');
      await (await openMainMenu(page)).getByRole('link', { name: 'Borrowing Summary' }).click();
      const next = page.getByRole('region', { name: 'Your next payment' });
      // The server's figures, each under its one name (issue 45 item 6).
      await expect(next.getByRole('term')).toHaveText([
        'Next payment',
        'To clear your loan today',
        'Left to pay on your plan',
      ]);
      await expect(next.getByRole('definition').first()).toHaveText(/^£\d+\.\d\d on \d\d-\d\d-\d{4}$/);
      await fits(page, width);
      const pay = next.getByRole('link', { name: 'Make a payment' });
      await pay.focus();
      await page.keyboard.press('Enter');

      // The payment choice: nothing chosen for the customer; Next asks them to choose.
      await expect(page).toHaveURL((url) => url.pathname === '/borrow/payment');
      await expect(mainHeadings(page)).toHaveText('Make a payment');
      await expect(stepHeading(page, 'Choose an amount')).toBeVisible();
      const total = page.getByRole('radio', { name: 'Pay total' });
      await expect(total).not.toBeChecked();
      await expect(page.getByRole('radio', { name: 'Other amount' })).not.toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('group', { name: 'How much would you like to pay?' })).toContainText(
        'Please choose how much you would like to pay.',
      );
      await expect(total).toBeFocused();
      await page.keyboard.press('Space');
      await expect(total).toBeChecked();
      await fits(page, width);

      // The reschedule page, headed as what it is.
      await page.goto('/borrow/schedule');
      await page.getByRole('button', { name: 'Re schedule' }).click();
      await expect(mainHeadings(page)).toHaveText('Change your payment plan');
      await expect(page).toHaveTitle(/^Change your payment plan \|/);
      await expect(stepHeading(page, 'Reschedule your payments')).toBeVisible();
      await fits(page, width);

      // Retrieve contract saves the loan's signed agreement (it alerted 'In Progress...').
      await page.goto('/borrow/schedule');
      let alerted = false;
      page.once('dialog', (dialog) => {
        alerted = true;
        void dialog.dismiss();
      });
      const contract = await downloaded(page, page.getByRole('button', { name: 'Retrieve contract' }));
      expect(alerted).toBe(false);
      expect(contract.name).toMatch(/^kestrel-loan-agreement-\d+\.pdf$/);
      expect(contract.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      await fits(page, width);
    }
  },
);
