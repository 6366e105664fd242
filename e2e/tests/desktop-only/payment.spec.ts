import { expect, test, type Page } from '@playwright/test';
import { drawnText } from '../../../apps/api/src/test/pdf-drawn-text';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { mainHeadings } from '../../support/layout';
import { signedInWithLiveLoan } from '../../support/live-loan';
import {
  expectPaymentSuccess,
  expectRepaid,
  payTotalFromStep0,
  planPayments,
  startPayingTotal,
  stepHeading,
} from '../../support/payment';
import { rememberSecret } from '../../support/secrets';
import { fillCard } from '../../support/stage-forms';

/*
 * Issue 27: paying by card from the repayment schedule (borrow/payment). The wizard's layout is one
 * column at every width (its screenshots are in docs/screens), so these run on the desktop only; paying
 * the total at phone width is phone-only/payment.spec.ts.
 */

const CHALLENGE_CARD = '4000000000003220';
const EXPIRED_CARD = '4000000000000069';

/** The provider's keys of the cards this page checks go to the secrets-at-rest check. */
function rememberProviderKeys(page: Page) {
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/sandbox/card-provider/tokenise') return;
    response
      .json()
      .then(({ key }: { key: string | null }) => key && rememberSecret('card provider key', key))
      .catch(() => undefined);
  });
}

test.describe('Make a payment', () => {
  test('pays the total due with the card on file: the loan is repaid', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedInWithLiveLoan(page, request);
    await startPayingTotal(page);
    await expectSettlementStatement(page);
    await expect(page.getByRole('radio', { name: 'The card on file' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectRepaid(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("a new card: an expired one is refused with the link to add a card; one through the bank's challenge pays the total", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    rememberProviderKeys(page);
    await signedInWithLiveLoan(page, request);
    await startPayingTotal(page);
    await page.getByRole('radio', { name: 'A new debit card' }).check();
    await fillCard(page, EXPIRED_CARD);
    await page.getByRole('button', { name: 'Submit' }).click();

    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText('Card Expired. Please update your card here.');
    await expect(refusal).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await refusal.getByRole('link', { name: 'update your card here' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/borrow/update-card');
    await expect(mainHeadings(page)).toHaveText('Add a card');
    await page.goBack();

    await expect(page).toHaveURL((url) => url.pathname === '/borrow/payment');
    await payTotalFromStep0(page);
    await page.getByRole('radio', { name: 'A new debit card' }).check();
    await fillCard(page, CHALLENGE_CARD);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/sandbox/card-provider/challenge');
    await expect(page.getByText('Card ending in 3220')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectRepaid(page);
  });
});

test.describe('Make a payment: part now, and a new plan', () => {
  /** The plan step's fields: monthly, 2 payments, the first date offered (the plan ends before the loan's). */
  async function choosePlan(page: Page) {
    await page.getByLabel('Payment frequency', { exact: true }).selectOption({ label: 'Monthly' });
    await page.getByLabel('Number of payments', { exact: true }).selectOption({ label: '2 payments' });
    await page.getByLabel('Next payment date', { exact: true }).selectOption({ index: 1 });
  }

  test('pays part now with the card on file, then the plan it leaves is the schedule', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signedInWithLiveLoan(page, request);
    await page.getByRole('button', { name: 'Make a payment' }).click();
    await page.getByRole('radio', { name: 'Other amount' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 'Pay another amount')).toBeFocused();
    await page.getByLabel('Amount to pay now', { exact: true }).fill('50');
    await choosePlan(page);
    await page.getByRole('button', { name: 'Calculate' }).click();

    await expect(stepHeading(page, 'Check your new payment plan')).toBeFocused();
    await expect(page.getByText('You are paying £50.00 now.')).toBeVisible();
    // Issue 45: what the plan costs beside today's, before Accept, and the button names the amount.
    await expect(
      page.getByText(/^This plan costs (£\d+\.\d\d (more|less) than|the same as) your plan today\.$/),
    ).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Left to pay on your plan today' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Accept and proceed: pay £50.00 now', exact: true }),
    ).toBeVisible();
    await expect(planPayments(page)).toHaveCount(3);
    const firstDate = await planPayments(page).nth(1).getByRole('rowheader').textContent();
    await page.getByRole('checkbox', { name: /^I agree to this payment plan/ }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Accept and proceed' }).click();

    await expectPaymentSuccess(page);
    // The receipt's figures are the schedule's after the new plan, each under its one name (issue 45).
    const receipt = page.getByRole('status').filter({ hasText: 'successfully' });
    await expect(receipt.getByRole('term')).toHaveText([
      'Amount paid',
      'Card',
      'Date',
      'Next payment',
      'To clear your loan today',
      'Left to pay on your plan',
    ]);
    await expect(receipt.getByRole('definition').first()).toHaveText('£50.00');
    await expect(receipt.getByRole('definition').nth(3)).toContainText(firstDate!);
    // The banner above says the same next payment as the receipt, not the one before the payment (issue 50).
    const banner = page.getByRole('region', { name: 'Where your loan stands' });
    await expect(banner.getByRole('definition')).toHaveText(
      (await receipt.getByRole('definition').nth(3).textContent())!,
    );
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Card payment');
    await expect(page.getByRole('table', { name: 'Payment plan' })).toContainText(firstDate!);
  });

  test('Re schedule: a new plan only, accepted with the CPA agreement', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedInWithLiveLoan(page, request);
    await page.getByRole('button', { name: 'Re schedule' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/borrow/payment' && url.search === '?reschedule=true',
    );
    await expect(stepHeading(page, 'Reschedule your payments')).toBeVisible();
    await expect(page.getByLabel('Amount to pay now')).toHaveCount(0);
    await choosePlan(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(stepHeading(page, 'Check your new payment plan')).toBeFocused();
    await expect(page.getByRole('radio', { name: 'The card on file' })).toHaveCount(0);
    const firstDate = await planPayments(page).nth(1).getByRole('rowheader').textContent();
    await page.getByRole('button', { name: 'Accept schedule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
      'This field is required.',
    );
    await page.getByRole('checkbox', { name: /^I agree to this payment plan/ }).check();
    await page.getByRole('button', { name: 'Accept schedule' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/borrow/schedule');
    await expect(page.getByRole('status').filter({ hasText: 'successfully' })).toHaveText(
      'Operation has finished successfully',
    );
    await expect(page.getByRole('table', { name: 'Payment plan' })).toContainText(firstDate!);
  });
});

/** The settlement statement (s97), opened in a new tab by a single-use link: today's figure is the total due. */
async function expectSettlementStatement(page: Page) {
  const total = (await page.getByText(/^You are paying £/).textContent())!.match(/£[\d,]+\.\d\d/)![0];
  let pdf: Buffer | undefined;
  await page.context().route('**/api/MyAccountArea/DownloadSettlement*', async (route) => {
    const response = await route.fetch();
    pdf = await response.body();
    await route.fulfill({ response });
  });
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Download settlement statement' }).click();
  await (await popup).waitForLoadState().catch(() => {});
  await expect.poll(() => pdf?.length ?? 0).toBeGreaterThan(1000);
  const text = (await drawnText(pdf!)).flat().join(' ');
  expect(text).toContain('Settlement statement');
  expect(text).toContain(total);
}
