import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expiryYears } from '@lender/contract/rules/card';
import { applicationAt, type ReachedStatus } from './application-at';
import { TEST_SECRETS } from './secrets';
import { signIn } from './session';

/**
 * Signs the browser in with a real session whose application waits at `status` (see `applicationAt`)
 * and answers the application's guid, which names its e-sign page.
 */
export async function signInAt(page: Page, request: APIRequestContext, status: ReachedStatus) {
  const { tokens, appGuid } = await applicationAt(request, status);
  // The name the API's stage 1 factory applies with, so the side panel greets the same person.
  await signIn(page, { tokens, firstName: 'Jane' });
  return appGuid;
}

/** Stage 2's card fields, typed as the applicant reads them off the card: it expires next December. */
export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number', { exact: true }).fill(cardNumber);
  await page.getByLabel('CVV2', { exact: true }).fill(TEST_SECRETS.securityCode);
  await page.getByLabel('Name on card', { exact: true }).fill('Jane Doe');
  const expiry = page.getByRole('group', { name: 'Expiry date' });
  await expiry.getByLabel('Month', { exact: true }).selectOption({ label: '12 (Dec)' });
  await expiry.getByLabel('Year', { exact: true }).selectOption(String(expiryYears()[1]));
}

/** Types an expense amount over what its box holds (the starting 0), as a person does. */
export async function typeAmount(page: Page, name: string, amount: string) {
  const box = page.getByRole('textbox', { name, exact: true });
  await box.fill(amount);
  return box;
}

/** Finds the address at SW1A 2AA by its post code and picks it, as on stage 1. */
export async function pickAddress(page: Page, addressLabel: string) {
  await page.getByLabel('Post code', { exact: true }).fill('SW1A 2AA');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page
    .getByRole('listbox', { name: 'Select your address' })
    .getByRole('option', { name: '10 Downing Street, London, SW1A 2AA' })
    .click();
  await expect(page.getByLabel(addressLabel, { exact: true })).toHaveValue(
    '10 Downing Street, London, SW1A 2AA',
  );
}

/**
 * Stage 3's answers that no condition hangs on: home, work, three expenses a £2,200-a-month household
 * can carry beside the loan, reason, marital status and the confirmation. The time at the address and
 * the employment status are the test's to choose.
 */
export async function fillStage3Basics(page: Page) {
  await page.getByLabel('Do you own the home?', { exact: true }).selectOption({ label: 'No, I rent it' });
  await page.getByLabel('Employment industry', { exact: true }).selectOption({ label: 'Retail' });
  await page.getByLabel('Employer name', { exact: true }).fill('Acme Ltd');
  await typeAmount(page, 'Rent', '400');
  await typeAmount(page, 'Food', '200');
  await typeAmount(page, 'Credit commitment', '50');
  await page.getByLabel('Loan reason', { exact: true }).selectOption({ label: 'Car repairs or MOT' });
  await page.getByLabel('Marital status', { exact: true }).selectOption({ label: 'Single' });
  await page.getByRole('checkbox', { name: /^I confirm that I have considered/ }).check();
}
