import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { setPasswordFor } from './account';
import { applicationAt, type ApplicationAtOptions } from './application-at';
import { signByApi } from './esign-api';
import { TEST_SECRETS } from './secrets';
import { signInWithPassword } from './sign-in';

/**
 * A customer whose loan has been signed, underwritten and paid out (underwriting decides by itself within
 * seconds, and the sandbox pays out at once), signed in on the browser and on the repayment schedule.
 * `cardNumber` is the card of the application's card check: the card on file.
 */
export async function signedInWithLiveLoan(
  page: Page,
  request: APIRequestContext,
  options: ApplicationAtOptions = {},
) {
  const { applicant, appGuid } = await applicationAt(request, 'esignSent', options);
  await signByApi(request, applicant);
  await setPasswordFor(request, applicant.email);
  await signInWithPassword(page, applicant.email, TEST_SECRETS.password);
  await waitForPayout(page);
  // The application's guid names the loan to staff commands (`npm run ops -- legal <appGuid> on`).
  return { ...applicant, appGuid: appGuid! };
}

/**
 * Waits on the repayment schedule, as a person reloads it, until the signed-in customer's loan is paid
 * out (underwriting decides within seconds; the sandbox pays at once).
 */
export async function waitForPayout(page: Page, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        await page.goto('/borrow/schedule');
        await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible();
        return page.getByRole('button', { name: 'Make a payment' }).count();
      },
      { timeout, message: 'the loan was paid out' },
    )
    .toBe(1);
}
