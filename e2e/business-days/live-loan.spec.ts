import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { drawnText } from '../../apps/api/src/test/pdf-drawn-text';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setPasswordFor } from '../support/account';
import { applicationAt } from '../support/application-at';
import { mainHeadings, openMainMenu } from '../support/layout';
import { ops } from '../support/ops';
import { signByApi } from '../support/esign-api';
import { signingLinkFor, smsCodeFor, verificationLinkFor } from '../support/outbox';
import { TEST_SECRETS } from '../support/secrets';
import { fillCard } from '../support/stage-forms';

/**
 * Issue 25 end to end: a signed agreement is underwritten and paid out by itself, the customer sees the
 * loan, its schedule and the summary of borrowing; staff move the business date past a due date and
 * close the days, and the instalment shows collected; a card that declines is blocked, and (issue 27) a
 * new card added on borrow/update-card unblocks it. The business date
 * moves here, so this runs alone, after the journeys that price loans on today's date.
 */

const DECLINING_CARD = '4000000000000341';

/** E-sign as a person does: the e-mailed link, the verification link, the SMS code. */
async function signInBrowser(
  page: Page,
  request: APIRequestContext,
  applicant: { email: string; mobile: string },
) {
  await page.goto(await signingLinkFor(request, applicant.email));
  await expect(page.getByRole('button', { name: 'Let’s Proceed' })).toBeVisible();
  await page.goto(await verificationLinkFor(request, applicant.email));
  await expect(page.getByText('The email was confirmed!')).toBeVisible({ timeout: 10_000 });
  await page.getByLabel('SMS code', { exact: true }).fill(await smsCodeFor(request, applicant.mobile));
  await page.getByRole('checkbox', { name: /^I confirm that I have read the pre-contract/ }).check();
  await page.getByRole('checkbox', { name: /^I confirm that the financial information/ }).check();
  await page.getByRole('button', { name: 'Let’s Proceed' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/loan/success');
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_SECRETS.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const planRows = (page: Page) => page.getByRole('table', { name: 'Payment plan' }).getByRole('row');

test('a signed loan is paid out, seen on borrow and schedule, collected by CPA after the close of business; a declining card is blocked', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Two applications up to e-sign, both priced on today's business date.
  const paying = await applicationAt(request, 'esignSent');
  const declining = await applicationAt(request, 'esignSent', { cardNumber: DECLINING_CARD });
  await signInBrowser(page, request, paying.applicant);
  await signByApi(request, declining.applicant);
  // Their welcome e-mails' links set their passwords (after e-sign, whose links are the newest e-mails).
  await setPasswordFor(request, paying.applicant.email);
  await setPasswordFor(request, declining.applicant.email);

  // Underwriting decides by itself within seconds, and the sandbox pays out at once.
  await logIn(page, paying.applicant.email);
  const menu = await openMainMenu(page);
  await menu.getByRole('link', { name: 'Borrowing Summary' }).click();
  await expect(mainHeadings(page)).toHaveText('Application/Loan status');
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText('Status:').textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('Loan active');
  await expect(page.getByRole('heading', { name: 'Your most recent loan' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments due' }).getByRole('row')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);

  // The summary of borrowing, opened in a new tab by a single-use link.
  let pdf: Buffer | undefined;
  await page.context().route('**/api/MyAccountArea/DownloadSOB*', async (route) => {
    const response = await route.fetch();
    pdf = await response.body();
    await route.fulfill({ response });
  });
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Download Summary' }).click();
  await (await popup).waitForLoadState().catch(() => {});
  await expect.poll(() => pdf?.length ?? 0).toBeGreaterThan(1000);
  const text = (await drawnText(pdf!)).flat().join(' ');
  expect(text).toContain('Summary of borrowing');
  expect(text).toContain('Number of loans taken out');

  // The schedule: three instalments due, the payout in the transactions.
  await page.goto('/borrow/schedule');
  await expect(mainHeadings(page)).toHaveText('Repayment schedule');
  await expect(planRows(page)).toHaveCount(4);
  const firstDue = await planRows(page).nth(1).getByRole('rowheader').textContent();
  await expect(planRows(page).nth(1)).toContainText('Due');
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Loan paid out');

  // Staff move the business date past the first due date and close the days in between.
  const [d, m, y] = firstDue!.trim().split('-');
  const due = `${y}-${m}-${d}`;
  expect(await ops('business-date', 'set', addDays(due, 2))).toContain(`is now ${addDays(due, 2)}`);
  expect(await ops('close-of-business')).toMatch(
    new RegExp(`${due}: closed \\d+ loan\\(s\\); [1-9]\\d* instalment\\(s\\) collected`),
  );

  await page.reload();
  await expect(planRows(page).nth(1)).toContainText('Paid');
  await expect(planRows(page).nth(2)).toContainText('Due');
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Instalment collected (CPA)');
  await expect(page.getByRole('button', { name: 'Make a payment' })).toBeEnabled();

  // The declining card: tried on the due date and the day after, then the loan is blocked.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, declining.applicant.email);
  await page.goto('/borrow/schedule');
  await expect(page.getByText('Your Card on the system is not active.')).toBeVisible();
  const notice = page.getByRole('link', { name: 'Press here to add a new Card' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('href', '/borrow/update-card');
  await expect(page.getByRole('button', { name: 'Make a payment' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Re schedule' })).toBeDisabled();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Collection declined');
  await expectNoSeriousA11yViolations(page);

  // Issue 27: the customer adds a new card from the notice's link, and the loan is unblocked.
  await notice.click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/update-card');
  await expect(mainHeadings(page)).toHaveText('Add a card');
  await fillCard(page, TEST_SECRETS.cardNumbers[0]);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/schedule');
  const added = page.getByRole('status').filter({ hasText: 'Card has been added successfully' });
  await expect(added.getByText('Card has been added successfully', { exact: true })).toBeVisible();
  // The overdue instalment is collected from the new card at tonight's close of business.
  await expect(added).toContainText(
    new RegExp(
      `Your next repayment of £\\d+\\.\\d\\d will be collected from this card on ${formatDisplayDate(addDays(due, 2))}\\.`,
    ),
  );
  await expect(page.getByText('Your Card on the system is not active.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Make a payment' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Re schedule' })).toBeEnabled();
});
