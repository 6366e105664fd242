import { expect, test } from '@playwright/test';
import { ErrorId } from '@lender/contract/envelope';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { startApplication } from '../support/api';
import { errorSummary, fieldError } from '../support/form-errors';
import { rememberSecret } from '../support/secrets';
import { signIn, storedSession } from '../support/session';
import { fillStage1, newApplicant, pickLoanOnHome } from '../support/stage1-form';

const STAGE1_MESSAGES = [
  'Please enter your title.',
  'Please enter your first name.',
  'Please enter your surename.',
  'Please enter your date of birth.',
  "You haven't entered a valid email address.",
  'Please enter your post code',
  'Please enter your current address',
  'Please enter your mobile number',
  'Please enter your net monthly income',
  'Please enter your wage frequency',
  'Please enter next payment date',
  'This field is required.',
];
/**
 * The summary's lines: each message, led by its field's name where the message does not say it (issue 31,
 * decision 037).
 */
const STAGE1_LINES = [
  'Please enter your title.',
  'Please enter your first name.',
  'Surname: Please enter your surename.',
  'Please enter your date of birth.',
  "E-mail: You haven't entered a valid email address.",
  'Please enter your post code',
  'Please enter your current address',
  'Please enter your mobile number',
  'Please enter your net monthly income',
  'Please enter your wage frequency',
  'Start of repayments: Please enter next payment date',
  'Privacy policy, terms and credit search agreement: This field is required.',
];

test.describe('New-customer application, part 1', () => {
  test('home -> stage1 -> quote -> Accept Quote lands on the card check', async ({ page }) => {
    await pickLoanOnHome(page);
    const sidePanel = page.getByRole('complementary', { name: 'Your contact' });
    await expect(sidePanel.getByText(/^Hello/)).toHaveText('Hello');
    await fillStage1(page, newApplicant());
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/loan\/pre-approved$/);
    const tokens = await storedSession(page);
    rememberSecret('access token', tokens.token!);
    rememberSecret('refresh token', tokens.refreshToken!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote');
    // Signed in by stage1: the side panel greets the applicant by first name (spec section 1).
    await expect(sidePanel.getByText(/^Hello/)).toHaveText('Hello, Jane');
    const offer = page.getByText(/^we are happy to offer you/);
    await expect(offer).toHaveText(
      'we are happy to offer you £300.00, for 3 months, subject to affordability assessment',
    );
    const results = page.getByRole('region', { name: 'Your repayments' });
    await expect(results).toContainText('Repay over');
    // The customer's own APR is labelled 'APR' (product-owner decision, issue 7), not 'Representative APR'.
    await expect(results.getByRole('term').filter({ hasText: /^APR$/ })).toHaveCount(1);
    await expect(results).not.toContainText('Representative APR');
    await expectNoSeriousA11yViolations(page);

    // A changed input asks for Calculate before the quote can be accepted.
    await expect(page.getByRole('button', { name: 'Calculate' })).toHaveCount(0);
    await page.getByLabel('Number of monthly instalments').selectOption('5');
    await expect(
      page.getByText('Your quote has changed. Press Calculate to see your new figures.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept Quote >' })).toBeDisabled();
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(offer).toHaveText(/for 5 months/);
    await expect(results).toContainText('5 months');

    await page.getByRole('button', { name: 'Accept Quote >' }).click();
    await expect(page).toHaveURL(/\/loan\/stage2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Debit Card Check');
  });

  test('home and quote show their messages accessibly', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(fieldError(page, 'Choose Amount')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await signIn(page, { tokens: await startApplication(request) });
    await page.goto('/loan/pre-approved');
    await page.getByLabel('Amount (£)').fill('1001');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(fieldError(page, 'Amount is beyond the maximum allowed')).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await errorSummary(page).getByRole('link', { name: 'Amount is beyond the maximum allowed' }).click();
    await expect(page.getByLabel('Amount (£)')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });

  test('every stage1 message appears for its missing field and, in page order, in the focused summary', async ({
    page,
  }) => {
    await page.goto('/loan/stage1?amount=300&months=3&product=11');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of STAGE1_MESSAGES) await expect(fieldError(page, message)).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('link')).toHaveText(STAGE1_LINES);
    // By keyboard: Tab to the first link, Enter, and the first invalid field has focus.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    // Fixing a field clears its message as the person types.
    await page.getByLabel('First name', { exact: true }).fill('Jane');
    await expect(page.getByText('Please enter your first name.')).toHaveCount(0);
    await expect(errorSummary(page).getByRole('link')).toHaveCount(STAGE1_MESSAGES.length - 1);
  });

  for (const query of ['amount=300&months=1&product=11', 'amount=300&months=3&product=4']) {
    test(`a link with a loan the products do not sell (${query}) goes home, as a missing loan does`, async ({
      page,
    }) => {
      await page.goto(`/loan/stage1?${query}`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    });
  }

  test('format and range messages for bad input', async ({ page }) => {
    await page.goto('/loan/stage1?amount=300&months=3&product=11');
    await page.getByLabel('E-mail', { exact: true }).fill('jane@');
    await page.getByLabel('Mobile', { exact: true }).fill('0712345');
    await page.getByLabel('Net monthly income (£)').fill('50');
    await page.getByRole('button', { name: '+Manual Addr.' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(fieldError(page, "You haven't entered a valid email address.")).toBeVisible();
    await expect(
      fieldError(page, 'Please enter a valid UK mobile number. Example: 07111111111'),
    ).toBeVisible();
    await expect(fieldError(page, 'Take-home pay per Payslip must be at least 100')).toBeVisible();
    // One message for the three, as the hint says: any one of them will do (issue 31).
    await expect(
      fieldError(page, 'Please enter your flat number, building name or house number'),
    ).toBeVisible();
    await expect(
      page.getByText('Enter at least one of flat number, building name or house number.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a wage frequency with a fixed date fills in and locks the start of repayments', async ({ page }) => {
    await page.goto('/loan/stage1?amount=300&months=3&product=11');
    const date = page.getByLabel('Start of repayments');
    await expect(date).toBeEnabled();
    await page
      .getByLabel('Wage frequency', { exact: true })
      .selectOption({ label: 'Last friday of the month' });
    await expect(date).toBeDisabled();
    await expect(date).not.toHaveValue('');
  });

  test('an application the first screen declines gets the thank-you and decline message', async ({
    page,
  }) => {
    await pickLoanOnHome(page);
    await fillStage1(page, newApplicant({ income: '150', manualAddress: true }));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your application' })).toBeVisible();
    await expect(
      page.getByText(
        'After careful review, we regret to inform you that we are unable to approve it at this time.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/loan\/stage1/);
    await expectNoSeriousA11yViolations(page);
  });

  test('an existing customer is asked to log in', async ({ page, request }) => {
    const applicant = newApplicant();
    const first = await request.post('/api/Register/SubmitStage1', {
      data: createStage1Payload({ email: applicant.email, isResident: false }),
    });
    // Declined (not resident): the account exists all the same.
    expect((await first.json()).error.errorID).toBe(ErrorId.declined);

    await pickLoanOnHome(page);
    await fillStage1(page, applicant);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your application' })).toBeVisible();
    await expect(
      page.getByText(
        'You already have an account with us. To apply for a new loan, please log in to your account.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the quote screen sends an applicant with nothing to quote home (and home sends them to borrow)', async ({
    page,
    request,
  }) => {
    const tokens = await startApplication(request);
    const auth = { authorization: `Bearer ${tokens.token}` };
    const quote = (await (await request.post('/api/Register/GetQuote', { headers: auth })).json()).object;
    await request.post('/api/Register/AcceptQuote', {
      headers: auth,
      data: {
        period: quote.period,
        amount: quote.amount,
        repaymentDate: quote.repaymentDate,
        wageFrequencyID: quote.wageFrequencyID,
      },
    });
    await signIn(page, { tokens });
    await page.goto('/loan/pre-approved');
    await expect(page).toHaveURL(/\/borrow$/);
  });
});
