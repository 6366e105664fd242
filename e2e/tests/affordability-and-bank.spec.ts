import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EXPENSE_LIMITS } from '@lender/contract/constants';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { errorSummary, fieldError } from '../support/form-errors';
import { TEST_SECRETS } from '../support/secrets';
import { storedSession } from '../support/session';
import { fillStage3Basics, pickAddress, signInAt, typeAmount } from '../support/stage-forms';

const EXPENSES_MESSAGE =
  'Please give details for at least 3 expense categories, including your credit and short-term loan commitments.';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const previousAddress = (page: Page) => page.getByRole('region', { name: 'Your previous address' });
const employmentLength = (page: Page) => page.getByLabel('Employment length (months)');
const livedThere = (page: Page) => page.getByLabel('How long have you lived there?');
const employmentStatus = (page: Page) => page.getByLabel('Employment status', { exact: true });

/** An applicant whose card is checked, on the affordability questions. */
async function openStage3(page: Page, request: APIRequestContext) {
  await signInAt(page, request, 'cardAccepted');
  await page.goto('/loan/stage3');
  await expect(heading(page)).toHaveText('Affordability check');
  // The choices come from the dictionaries: wait for them, as a person waits for the list to fill.
  await expect(livedThere(page).getByRole('option', { name: 'Less than 1 year' })).toHaveCount(1);
}

test.describe('New-customer application, part 2: affordability', () => {
  test('the previous address is asked for only after a short stay, the employment length only while in work', async ({
    page,
    request,
  }) => {
    await openStage3(page, request);
    await expect(previousAddress(page)).toHaveCount(0);
    await expect(employmentLength(page)).toHaveCount(0);

    await livedThere(page).selectOption({ label: 'Less than 1 year' });
    await expect(previousAddress(page)).toBeVisible();
    await expect(previousAddress(page).getByLabel('Post code', { exact: true })).toBeVisible();
    await expect(previousAddress(page).getByLabel('Previous address', { exact: true })).toBeVisible();
    await livedThere(page).selectOption({ label: '1 to 2 years' });
    await expect(previousAddress(page)).toHaveCount(0);

    // Ids 1 to 4 are in work and asked how long; Retired (5) and after are not.
    for (const status of [
      'Employed full-time',
      'Employed part-time',
      'Self-employed',
      'Temporary or contract',
    ]) {
      await employmentStatus(page).selectOption({ label: status });
      await expect(employmentLength(page), status).toBeVisible();
    }
    for (const status of ['Retired', 'Receiving benefits', 'Student', 'Unemployed']) {
      await employmentStatus(page).selectOption({ label: status });
      await expect(employmentLength(page), status).toHaveCount(0);
    }
  });

  test('a short stay, work and too few expenses are required and explained; answered, they lead on to the bank details', async ({
    page,
    request,
  }) => {
    await openStage3(page, request);
    await livedThere(page).selectOption({ label: 'Less than 1 year' });
    await employmentStatus(page).selectOption({ label: 'Employed full-time' });
    const utility = await typeAmount(page, 'Utility', String(EXPENSE_LIMITS.utility));
    await expect(utility).toHaveValue(String(EXPENSE_LIMITS.utility));
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(fieldError(page, 'Please enter your post code')).toBeVisible();
    await expect(fieldError(page, 'Please enter your employment length.')).toBeVisible();
    await expect(fieldError(page, EXPENSES_MESSAGE)).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    // In page order: the previous address sits under the time at the address.
    await expect(errorSummary(page).getByRole('link')).toHaveText([
      // Each line names its field, before the message where the message does not (decision 037).
      'Do you own the home? Please enter your home status.',
      'Please enter your post code',
      'Please enter your previous address.',
      'Please enter your employment length.',
      'Please enter your employment industry.',
      'Please enter your employer name.',
      `What you spend each month: ${EXPENSES_MESSAGE}`,
      'Please enter your loan reason.',
      'Please enter your marital status.',
      'Confirmation of future income and outgoings: This field is required.',
    ]);
    await expectNoSeriousA11yViolations(page);

    // The explanation goes as soon as a third expense is given (the basics add rent, food and credit).
    await fillStage3Basics(page);
    await expect(fieldError(page, EXPENSES_MESSAGE)).toHaveCount(0);
    await pickAddress(page, 'Previous address');
    await employmentLength(page).fill('18');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage4');
    await expect(heading(page)).toHaveText('Affordability check');
    await expect(page.getByText('Step 4 of 4: your bank details.')).toBeVisible();
  });

  test('someone retired, at the address for years, answers without either block and goes on', async ({
    page,
    request,
  }) => {
    await openStage3(page, request);
    await livedThere(page).selectOption({ label: 'More than 5 years' });
    await employmentStatus(page).selectOption({ label: 'Retired' });
    await fillStage3Basics(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage4');
  });
});

test.describe('New-customer application, part 2: bank details', () => {
  test('sort code and account number are checked; correct ones end on the e-sign page, signed out', async ({
    page,
    request,
  }) => {
    const appGuid = await signInAt(page, request, 'applicationCompleted');
    await page.goto('/loan/stage4');
    await expect(heading(page)).toHaveText('Affordability check');
    const sortCode = page.getByLabel('Sort code', { exact: true });
    const accountNumber = page.getByLabel('Account number', { exact: true });
    await sortCode.fill('12345');
    await accountNumber.fill('1234567');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(fieldError(page, 'Please enter a valid six digit sortcode.')).toBeVisible();
    await expect(fieldError(page, 'Please enter a valid eight digit account number.')).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await expect(sortCode).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await sortCode.fill('12-34-56');
    await accountNumber.fill(TEST_SECRETS.bankAccountNumber);
    await page.getByRole('button', { name: 'Submit' }).click();

    expect(appGuid).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${appGuid}`);
    await expect(heading(page)).toHaveText('Sign your loan agreement');
    expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });
  });
});
