import { expect, test } from '@playwright/test';
import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { mainHeadings, openMainMenu } from '../../support/layout';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectPaymentSuccess, payTotalFromStep0 } from '../../support/payment';

/*
 * Issue 27, withdrawal (Consumer Credit Act s66A, docs/decisions/026): within 14 days of the agreement the
 * customer withdraws from the borrow page, sees what to repay and the 30-day deadline, and pays it from
 * borrow/payment: the loan ends withdrawn. The page's layout is the borrow page's (its screenshots are
 * in docs/screens), so this runs on the desktop only.
 */

/** 'dd-MM-yyyy' as the page shows a date -> 'yyyy-MM-dd'. */
const isoOf = (shown: string) => shown.trim().split('-').reverse().join('-');

test('withdraws within 14 days, sees the amount and the date to repay by, and pays it: the loan is withdrawn', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInWithLiveLoan(page, request);
  const menu = await openMainMenu(page);
  await menu.getByRole('link', { name: 'Borrowing Summary' }).click();
  await expect(mainHeadings(page)).toHaveText('Application/Loan status');

  const offer = page.getByRole('region', { name: 'Changed your mind?' });
  await expect(offer).toContainText('You can withdraw from your loan agreement until');
  await offer.getByRole('button', { name: 'Withdraw from this agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw from your loan agreement?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, go back' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Yes, withdraw' }).click();

  const notice = page.getByRole('region', { name: 'You have withdrawn from this agreement' });
  await expect(notice).toBeFocused();
  const [givenOn, amount, repayBy] = await notice.getByRole('definition').all();
  await expect(notice.getByRole('term')).toHaveText(['Notice given on', 'Amount to repay today', 'Repay by']);
  await expect(amount!).toHaveText(/^£\d+\.\d\d$/);
  const noticeDay = isoOf((await givenOn!.textContent())!);
  // s66A(9): within 30 days beginning with the day after the notice.
  await expect(repayBy!).toHaveText(formatDisplayDate(addDays(noticeDay, 30)));
  const toRepay = (await amount!.textContent())!;
  await expect(page.getByRole('region', { name: 'Changed your mind?' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Paying it: the whole amount, by the card on file.
  await notice.getByRole('link', { name: 'Make the payment' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/payment');
  expect(await payTotalFromStep0(page)).toBe(toRepay);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectPaymentSuccess(page);
  await expect(page.getByText('No payments for this application')).toBeVisible();

  await page.goto('/borrow');
  await expect(page.getByText('Status:')).toContainText('Withdrawn');
  // The loan's state under the heading, said once (issue 45 item 11).
  await expect(page.getByRole('region', { name: 'Where your loan stands' })).toContainText(
    'You withdrew from your loan agreement and have repaid it. Nothing more is owed.',
  );
  await expect(page.getByRole('region', { name: 'You have withdrawn from this agreement' })).toHaveCount(0);
});
