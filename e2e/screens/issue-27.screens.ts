import { expect, test } from '@playwright/test';
import { addDays, londonToday } from '@lender/contract/dates';
import { AppStatus } from '@lender/contract/status';
import { statusText } from '@lender/contract/status-text';
import { signedInWithLiveLoan } from '../support/live-loan';
import { TEST_SECRETS } from '../support/secrets';
import { fillCard } from '../support/stage-forms';
import { screenshots } from './shot';

/*
 * Screenshots of issue 27's screens with a live loan just paid out: the payment wizard (its first step,
 * pay total with a new card, other amount with its messages, the calculated plan with the CPA
 * agreement) and borrow/update-card (empty, an expired card refused, the schedule after a new card).
 */
const shot = screenshots('issue-27');
const EXPIRED_CARD = '4000000000000069';

test('payment wizard and a new card', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);

  await page.goto('/borrow/payment');
  const step = (name: string) => page.getByRole('heading', { level: 2, name });
  await expect(step('Choose an amount')).toBeVisible();
  await shot(page, 'payment-choice');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step('Pay the total due')).toBeVisible();
  await page.getByRole('radio', { name: 'A new debit card' }).check();
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  await shot(page, 'payment-total-new-card');

  await page.goto('/borrow/payment');
  await page.getByRole('radio', { name: 'Other amount' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step('Pay another amount')).toBeVisible();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await shot(page, 'payment-other-errors');

  await page.getByLabel('Amount to pay now', { exact: true }).fill('50');
  await page.getByLabel('Payment frequency', { exact: true }).selectOption({ label: 'Monthly' });
  await page.getByLabel('Number of payments', { exact: true }).selectOption({ label: '2 payments' });
  await page.getByLabel('Next payment date', { exact: true }).selectOption({ index: 10 });
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(step('Check your new payment plan')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your new payment plan' })).toBeVisible();
  await shot(page, 'payment-plan');

  await page.goto('/borrow/update-card');
  await expect(page.getByRole('button', { name: 'Add card' })).toBeVisible();
  await shot(page, 'update-card');

  await fillCard(page, EXPIRED_CARD);
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Card Expired. Please update your card here.');
  await shot(page, 'update-card-expired');

  await page.getByLabel('Card number', { exact: true }).fill(TEST_SECRETS.cardNumbers[0]);
  await page.getByLabel('CVV2', { exact: true }).fill(TEST_SECRETS.securityCode);
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/schedule');
  await expect(page.getByText('Card has been added successfully')).toBeVisible();
  await shot(page, 'schedule-card-added');
});

/**
 * The borrow page's help: 'Struggling to pay?' opened on a loan just paid out, then the same loan shown
 * in arrears. A loan falls into arrears only when staff move the business date, which the screenshot
 * runs (both widths at once, beside other suites) must not do: so the two reads the help depends on are
 * answered as the server answers them in arrears (its first instalment overdue, its status 'Payment
 * overdue', a plan offered as forbearance), from the server's own answers. The business-days tests see
 * the real thing (e2e/business-days/live-loan.spec.ts).
 */
test('the borrow page in arrears and the payment page with the settlement statement', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);

  await page.goto('/borrow');
  await page.getByText('Struggling to pay?').click();
  await expect(page.getByRole('link', { name: 'Set up a payment plan' })).toBeVisible();
  await shot(page, 'borrow-struggling');

  await page.route('**/api/MyAccountArea/GetBorrowingSummary', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const [first] = body.object.sobRep1;
    first.date = addDays(londonToday(), -3);
    first.description = `${first.description} (overdue)`;
    Object.assign(body.object, {
      appStatusID: AppStatus.arrears,
      loanStatus: statusText(AppStatus.arrears).name,
      loanStatusMessage: statusText(AppStatus.arrears).message,
    });
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/MyAccountArea/GetScheduleSummary', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.object.planRules.forbearance = true;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/borrow');
  await expect(page.getByRole('region', { name: 'You have a payment overdue' })).toBeVisible();
  await shot(page, 'borrow-arrears');

  await page.getByRole('link', { name: 'Pay a smaller amount' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose an amount' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download settlement statement' })).toBeVisible();
  await shot(page, 'payment-settlement');
});
