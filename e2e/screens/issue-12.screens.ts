import { expect, test } from '@playwright/test';
import { accountHolder } from '../support/account';
import { passwordLinkFor } from '../support/outbox';
import { signInWithPassword } from '../support/sign-in';
import { screenshots } from './shot';

/*
 * Full-page screenshots of sign-in, forgot and reset password, and the account area into docs/screens,
 * named `<prefix>-<screen>-<width>.png` (prefix `issue-12` unless SCREENS_PREFIX says otherwise).
 */
const shot = screenshots('issue-12');

test('login: the three headings, and a refused login', async ({ page, request }) => {
  await page.goto('/login');
  await shot(page, 'login');
  await page.goto('/login-discount');
  await shot(page, 'login-discount');
  const holder = await accountHolder(request);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed. Check your login details.')).toBeVisible();
  await shot(page, 'login-failed');
});

test('forgot password and reset password, with their outcomes', async ({ page, request }) => {
  const holder = await accountHolder(request);
  await page.goto('/forgot-password');
  await shot(page, 'forgot-password');
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await shot(page, 'forgot-password-sent');

  await page.goto(await passwordLinkFor(request, holder.email, 2));
  await shot(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('Kestrel2026Reset');
  await page.getByLabel('Confirm password', { exact: true }).fill('Kestrel2026Reset');
  await page.getByRole('button', { name: 'RESET' }).click();
  await expect(page.getByRole('heading', { name: 'Password Change Successful!' })).toBeVisible();
  await shot(page, 'reset-password-done');
});

test('the account area: contact details and each change screen', async ({ page, request }) => {
  const holder = await accountHolder(request);
  await signInWithPassword(page, holder.email, holder.password);
  await page.goto('/account/contact-details');
  await expect(page.getByRole('main')).toContainText(holder.email);
  await shot(page, 'contact-details');
  for (const [link, screen] of [
    ['Change Password', 'change-password'],
    ['Change Email', 'change-email'],
    ['Change Mobile', 'change-mobile'],
    ['Change Address', 'change-address'],
  ] as const) {
    await page.goto('/account/contact-details');
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 2, name: link })).toBeVisible();
    await shot(page, screen);
  }
  await page.getByLabel('How long have you lived there?').selectOption({ index: 1 });
  await page.getByLabel('Do you own the home?').selectOption({ index: 1 });
  await page.getByRole('button', { name: /change address/i }).click();
  await expect(page.getByText('Address changed successfully.')).toBeVisible();
  await shot(page, 'change-address-done');

  await page.goto('/account/change-password');
  await page.getByLabel('Existing password', { exact: true }).fill('Not-my-password-1');
  await page.getByLabel('New password', { exact: true }).fill('Kestrel2026Other');
  await page.getByLabel('Confirm new password').fill('Kestrel2026Other');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Changing password failed.')).toBeVisible();
  await shot(page, 'change-password-failed');
});
