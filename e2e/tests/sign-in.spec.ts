import { expect, test } from '@playwright/test';
import { loadConfig } from '../../apps/api/src/config';
import { signHs256 } from '../../apps/api/src/lib/hs256-jwt';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { accountHolder, setPasswordFor } from '../support/account';
import { applicationAt } from '../support/application-at';
import { mainHeadings, openMainMenu } from '../support/layout';
import { passwordLinkFor } from '../support/outbox';
import { TEST_SECRETS } from '../support/secrets';
import { storedSession } from '../support/session';
import { signInWithPassword } from '../support/sign-in';

const NEW_PASSWORD = `${TEST_SECRETS.password}9`;

test('forgot password: the e-mailed link sets a new password, and the customer signs in with it', async ({
  page,
  request,
}) => {
  const holder = await accountHolder(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
  await expect(mainHeadings(page)).toHaveText('Forgot Password');
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('main')).toContainText(holder.email);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // The welcome e-mail held the first link; the reset e-mail is the second.
  const link = await passwordLinkFor(request, holder.email, 2);
  await page.goto(link);
  await expect(mainHeadings(page)).toHaveText('Reset Password');
  await page.getByLabel('New password', { exact: true }).fill('Password1');
  await page.getByLabel('Confirm password', { exact: true }).fill('Password1');
  await page.getByRole('button', { name: 'RESET' }).click();
  await expect(
    page.getByText('This password is too easy to guess. Please choose a less common one.').first(),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'RESET' }).click();
  await expect(page.getByRole('heading', { name: 'Password Change Successful!' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The link proved the mailbox: the reset signed in (issue 26).
  expect((await storedSession(page)).token).toBeTruthy();
  await page.getByRole('link', { name: 'Continue to your account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/loan/pre-approved');

  // The link worked once, also in another browser (nothing of this session in it).
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}x`);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'RESET' }).click();
  await expect(page.getByText('Reset password failed.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByLabel('Password', { exact: true }).fill(holder.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed. Check your login details.')).toBeVisible();
  await signInWithPassword(page, holder.email, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/loan/pre-approved');
  const nav = await openMainMenu(page);
  await expect(nav.getByRole('link', { name: 'Contact Details' })).toBeVisible();
});

test('the discount login: its heading, percent, button and note, and it signs in', async ({
  page,
  request,
}) => {
  const holder = await accountHolder(request);
  await page.goto('/login-discount?percent=30');
  await expect(mainHeadings(page)).toHaveText('Claim Your Special 30% Discount!');
  await expect(page.getByText('Verifying your eligibility will not affect your credit score')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/login-returning-customers');
  await expect(mainHeadings(page)).toHaveText('Claim Your Special 20% Discount!');
  await signInWithPassword(page, holder.email, holder.password, '/login-discount');
  expect((await storedSession(page)).token).toBeTruthy();
});

test('an applicant waiting to e-sign is sent to the e-sign page, signed out', async ({ page, request }) => {
  const { appGuid, applicant } = await applicationAt(request, 'esignSent');
  await setPasswordFor(request, applicant.email);
  await signInWithPassword(page, applicant.email, TEST_SECRETS.password);
  await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${appGuid}`);
  expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });
});

test('an expired access token is refreshed without the customer noticing', async ({ page, request }) => {
  const holder = await accountHolder(request);
  await signInWithPassword(page, holder.email, holder.password);
  // The token is swapped on a page that calls nothing: a call of the quote page meeting the expired token
  // would start a refresh that the next navigation cuts off after the server rotated the refresh token,
  // and the browser, left with the old one, would be signed out for reusing it.
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await page.goto('/info/costs');
  await expect(mainHeadings(page).first()).toBeVisible();
  const before = await storedSession(page);
  // The same session's token, as it will be after its 15 minutes: signed by the server's key, expired.
  const claims = JSON.parse(Buffer.from(before.token!.split('.')[1]!, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  const expired = signHs256(
    { ...claims, iat: now - 1000, exp: now - 60 },
    loadConfig({ NODE_ENV: 'test' }).JWT_SECRET,
  );
  await page.evaluate((token) => localStorage.setItem('token', token), expired);

  await page.goto('/account/contact-details');
  await expect(page.getByText(holder.email)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/account/contact-details');
  const after = await storedSession(page);
  expect(after.token).not.toBe(expired);
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

test('a session ended elsewhere lands on login', async ({ page, request }) => {
  const holder = await accountHolder(request);
  await signInWithPassword(page, holder.email, holder.password);
  const { refreshToken } = await storedSession(page);
  // Signed out on another device: the server ends this session.
  await request.post('/api/Account/Logout', {
    data: JSON.stringify(refreshToken),
    headers: { 'content-type': 'application/json' },
  });
  await page.goto('/account/contact-details');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });
});

test('Logout in the header ends the session on the server too', async ({ page, request }) => {
  const holder = await accountHolder(request);
  await signInWithPassword(page, holder.email, holder.password);
  // Settled on where login sends them: a menu opened before that navigation would close with it.
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  const { token } = await storedSession(page);
  const nav = await openMainMenu(page);
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(async () => {
    const details = await request.get('/api/Account/GetAccountDetails', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.status()).toBe(401);
  }).toPass({ timeout: 5_000 });
});

test('a wrong password is refused with the spec message, and the form keeps the e-mail', async ({
  page,
  request,
}) => {
  const holder = await accountHolder(request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please provide a valid email address.').first()).toBeVisible();
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed. Check your login details.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(holder.email);
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
