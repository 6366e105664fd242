import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ALSO_ON_PHONE, mainHeadings } from '../support/layout';
import { signedInWithLiveLoan } from '../support/live-loan';
import { signingLinkFor, smsCodeFor, smsCount, verificationLinkFor } from '../support/outbox';
import { expectRepaid, startPayingTotal } from '../support/payment';
import { TEST_SECRETS } from '../support/secrets';
import { signInWithPassword } from '../support/sign-in';

/** A customer whose first loan is repaid in full with the card on file, on the borrow page. */
async function repaidCustomer(page: Page, request: Parameters<typeof signedInWithLiveLoan>[1]) {
  const applicant = await signedInWithLiveLoan(page, request);
  await startPayingTotal(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectRepaid(page);
  await page.goto('/borrow');
  await expect(mainHeadings(page)).toHaveText('Application/Loan status');
  return applicant;
}

/** The borrow page's repeat-loan box: Apply Now says why until the box is ticked. */
async function applyAgain(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply Now' });
  // Not yet available, but still reachable: pressed from the keyboard, it says why.
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please tick the box first.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow');
  // Not ticked for the customer (issue 45).
  const box = page.getByRole('checkbox', { name: /^I confirm my circumstances/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await apply.click();
  await expect(page).toHaveURL((url) => url.pathname === '/borrow/apply');
  await expect(mainHeadings(page)).toHaveText('Apply for a new loan');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit application' });

test.describe('Repeat loan', () => {
  test(
    'a repaid customer applies again with the card on file, signs the new agreement and sees the new loan',
    ALSO_ON_PHONE,
    async ({ page, request }) => {
      test.setTimeout(150_000);
      const applicant = await repaidCustomer(page, request);
      await applyAgain(page);

      // Prefilled from the last loan; the contacts are shown, not changed here.
      await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue(applicant.mobile);
      await expect(page.getByLabel('Mobile', { exact: true })).toHaveAttribute('readonly', '');
      await expect(page.getByLabel('Employer name')).not.toHaveValue('');
      await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('150');
      await expect(page.getByLabel('Number of monthly instalments')).toHaveValue('3');
      await expect(page.getByRole('radio', { name: 'The card ending 1111' })).toBeChecked();
      await expect(page.getByRole('radio', { name: /^The account ending \d{4}$/ })).toBeChecked();

      await page.getByLabel('Amount', { exact: true }).selectOption({ label: '£200' });
      await page.getByLabel('Number of monthly instalments').selectOption('2');
      const date = page.getByLabel('Repayment start date');
      if (await date.isEnabled()) await date.selectOption({ index: 1 });
      const quote = page.getByRole('region', { name: 'Your repayments' });
      await expect(quote.getByRole('table', { name: 'Repayment schedule' }).getByRole('row')).toHaveCount(3);
      await expect(quote).toContainText('Repayment total');
      await expectNoSeriousA11yViolations(page);

      const smsBefore = await smsCount(request, applicant.mobile);
      await submit(page).click();
      // Handed over to e-sign, signed out, with the new application's guid.
      await expect(page).toHaveURL(/\/loan\/stage5\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      const esignUrl = page.url();
      await expect(mainHeadings(page)).toHaveText('Sign your loan agreement');
      await expect(page.getByRole('button', { name: 'Loan Agreemant' })).toBeVisible();

      // The SMS code and the e-mail link of the new agreement, as the customer receives them.
      await signingLinkFor(request, applicant.email, 2);
      await page.goto(await verificationLinkFor(request, applicant.email));
      await expect(page.getByText('Verified, can close this page.')).toBeVisible();
      await expect(page).toHaveURL(esignUrl, { timeout: 6_000 });
      await expect(page.getByText('The email was confirmed!')).toBeVisible();
      await page
        .getByLabel('SMS code', { exact: true })
        .fill(await smsCodeFor(request, applicant.mobile, smsBefore + 1));
      await page.getByRole('checkbox', { name: /^I confirm that I have read the pre-contract/ }).check();
      await page.getByRole('checkbox', { name: /^I confirm that the financial information/ }).check();
      await page.getByRole('button', { name: 'Let’s Proceed' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/loan/success');

      // Underwritten and paid out by itself: the borrow page shows the new loan.
      await signInWithPassword(page, applicant.email, TEST_SECRETS.password);
      await expect
        .poll(
          async () => {
            await page.goto('/borrow');
            const recent = page.getByRole('region', { name: 'Your most recent loan' });
            await expect(recent).toBeVisible();
            return recent.textContent();
          },
          { timeout: 20_000, message: 'the new loan was paid out' },
        )
        .toContain('£200.00');
      await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    },
  );

  test('an application the figures make unaffordable ends on the thank-you panel', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await repaidCustomer(page, request);
    await applyAgain(page);
    await page.getByLabel('Net monthly income (£)').fill('400');
    await page.getByLabel('Amount', { exact: true }).selectOption({ label: '£1000' });
    const date = page.getByLabel('Repayment start date');
    if (await date.isEnabled()) await date.selectOption({ index: 1 });
    await submit(page).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your application' })).toBeFocused();
    await expect(
      page.getByText(/unable to approve it at this time\. You may be eligible to reapply/),
    ).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/borrow/apply');
    await expectNoSeriousA11yViolations(page);
  });
});
