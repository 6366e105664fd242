import { expect, test, type Page } from '@playwright/test';
import { createStage1Payload } from '../../apps/api/src/test/stage1-payload';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { accountHolder, type AccountHolder } from '../support/account';
import { startApplication } from '../support/api';
import { mainHeadings } from '../support/layout';
import { emailChangeLinkFor } from '../support/outbox';
import { TEST_SECRETS } from '../support/secrets';
import { signInWithPassword } from '../support/sign-in';

/** Another customer's e-mail and mobile: the changes that must be refused. */
async function anotherCustomer(request: Parameters<typeof startApplication>[0]) {
  const payload = createStage1Payload();
  await startApplication(request, payload);
  return { email: payload.email, mobile: payload.mobile };
}

async function openChange(page: Page, link: string, subheading: string) {
  await page.goto('/account/contact-details');
  await page.getByRole('link', { name: link }).click();
  await expect(mainHeadings(page)).toHaveText('Contact Details');
  await expect(page.getByRole('heading', { level: 2, name: subheading })).toBeVisible();
}

let holder: AccountHolder;
test.beforeEach(async ({ page, request }) => {
  holder = await accountHolder(request);
  await signInWithPassword(page, holder.email, holder.password);
});

test('contact details show what we hold, and marketing consent is as easy to withdraw as to give', async ({
  page,
}) => {
  await page.goto('/account');
  await expect(mainHeadings(page)).toHaveText('Contact Details');
  const main = page.getByRole('main');
  await expect(main).toContainText(holder.email);
  await expect(main).toContainText(holder.mobile);
  for (const name of ['Change Email', 'Change Mobile', 'Change Password', 'Change Address']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  const byEmail = page.getByRole('checkbox', { name: 'News and offers by e-mail' });
  await byEmail.check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  await page.reload();
  await expect(byEmail).toBeChecked();
  await byEmail.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  await page.reload();
  await expect(byEmail).not.toBeChecked();
});

test('change password: a wrong existing password fails, the right one changes it', async ({ page }) => {
  await openChange(page, 'Change Password', 'Change Password');
  const fill = async (existing: string, next: string) => {
    await page.getByLabel('Existing password', { exact: true }).fill(existing);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Change Password' }).click();
  };
  await fill('Not-my-password-1', `${TEST_SECRETS.password}7`);
  await expect(page.getByText('Changing password failed.')).toBeVisible();
  await fill(holder.password, `${TEST_SECRETS.password}7`);
  await expect(page.getByText('Password changed successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account/contact-details');
});

test('change e-mail: an address in use is refused; a new one is used once its link is clicked', async ({
  page,
  request,
}) => {
  const other = await anotherCustomer(request);
  await openChange(page, 'Change Email', 'Change Email');
  await page.getByLabel('New Email', { exact: true }).fill(other.email);
  await page.getByLabel('Confirm New Email').fill(other.email);
  await page.getByRole('button', { name: /change email/i }).click();
  await expect(page.getByText('Email already exists.')).toBeVisible();

  const fresh = `moved.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel('New Email', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm New Email').fill(fresh);
  await page.getByRole('button', { name: /change email/i }).click();
  await expect(page.getByText('Link has been sent.')).toBeVisible();
  // Not used until the link is clicked.
  await page.goto('/account/contact-details');
  await expect(page.getByRole('main')).toContainText(holder.email);

  await page.goto(await emailChangeLinkFor(request, fresh));
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  await page.goto('/account/contact-details');
  await expect(page.getByRole('main')).toContainText(fresh);
});

test('change mobile: a number in use fails; a new one is shown at once', async ({ page, request }) => {
  const other = await anotherCustomer(request);
  await openChange(page, 'Change Mobile', 'Change Mobile');
  await page.getByLabel('New mobile number').fill(other.mobile);
  await page.getByRole('button', { name: /change mobile/i }).click();
  await expect(page.getByText('Changing mobile failed.')).toBeVisible();

  const fresh = `07${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await page.getByLabel('New mobile number').fill(fresh);
  await page.getByRole('button', { name: /change mobile/i }).click();
  await expect(page.getByText('Mobile changed successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('main')).toContainText(fresh);
});

test('change address: a typed address is saved and shown; a refusal shows the failure banner', async ({
  page,
}) => {
  await openChange(page, 'Change Address', 'Change Address');
  await expectNoSeriousA11yViolations(page);
  const manual = page.getByRole('button', { name: '+Manual Addr.' });
  if (await manual.isVisible()) await manual.click();
  await page.getByLabel('Post code', { exact: true }).fill('M1 1AE');
  await page.getByLabel('House number', { exact: true }).fill('21');
  await page.getByLabel('Street', { exact: true }).fill('Portland Street');
  await page.getByLabel('Town/City', { exact: true }).fill('Manchester');
  await page.getByLabel('How long have you lived there?').selectOption({ index: 1 });
  await page.getByLabel('Do you own the home?').selectOption({ index: 1 });
  await page.getByRole('button', { name: /change address/i }).click();
  await expect(page.getByText('Address changed successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('main')).toContainText('Portland Street');

  // No rule of the server refuses a valid address, so its refusal is the one answer simulated here.
  await openChange(page, 'Change Address', 'Change Address');
  await page.route('**/api/Account/ChangeAddress', (route) =>
    route.fulfill({ json: { error: { errorID: 100, errorMessage: 'Error Occured' }, object: null } }),
  );
  // A change to send: the same answers again are not sent (issue 31).
  await page.getByLabel('How long have you lived there?').selectOption({ index: 2 });
  await page.getByRole('button', { name: /change address/i }).click();
  await expect(page.getByText('Changing address failed.')).toBeVisible();
});
