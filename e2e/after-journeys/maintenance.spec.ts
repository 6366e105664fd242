import { expect, test } from '@playwright/test';
import { accountHolder } from '../support/account';
import { mainHeadings } from '../support/layout';
import { ops } from '../support/ops';
import { storedSession } from '../support/session';

/** Staff switch maintenance mode as the README says, on the running server's database, without a restart. */
const switchMaintenance = (state: 'on' | 'off') => ops('maintenance', state);

test('maintenance mode signs a signed-in customer out, on the server too, and shows the maintenance page', async ({
  page,
  request,
}) => {
  const holder = await accountHolder(request);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(holder.email);
  await page.getByLabel('Password', { exact: true }).fill(holder.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const session = await storedSession(page);
  expect(session.token).toBeTruthy();

  expect(await switchMaintenance('on')).toContain('Maintenance mode is on');
  try {
    // The next call the page makes meets the switch (servers re-read it within 2 s).
    await expect(async () => {
      await page.goto('/account/contact-details');
      await expect(page).toHaveURL((url) => url.pathname === '/maintenance', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(mainHeadings(page)).toHaveText('We will be back soon');
    await expect(page.getByRole('main')).toContainText(
      'We are performing essential maintenance work. We apologise for the inconvenience.',
    );
    expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });
  } finally {
    await switchMaintenance('off');
  }

  // Once it is over, the old session does not come back: it ended on the server.
  await expect(async () => {
    const details = await request.get('/api/Account/GetAccountDetails', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(details.status()).toBe(401);
  }).toPass({ timeout: 10_000 });
  const refreshed = await request.post('/api/Account/RefreshToken', {
    data: JSON.stringify(session.refreshToken),
    headers: { 'content-type': 'application/json' },
  });
  expect((await refreshed.json()).error.errorID).toBe(401);
  await page.goto('/account/contact-details');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});
