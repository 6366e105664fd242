import { expect, test, type Page } from '@playwright/test';
import { accountHolder } from '../../support/account';
import { errorSummary } from '../../support/form-errors';
import { signInWithPassword } from '../../support/sign-in';
import { signInAt } from '../../support/stage-forms';

/**
 * Issue 31, 'form wording and fields', at 360 px: every summary line says which field it is about, the
 * home question offers the answers people give, the card's months read as printed on it, the password
 * hint lists every rule the server applies, and an unchanged address is said to be unchanged.
 */

/** Messages that say nothing of their field: a summary line must never be only one of these. */
const BARE = ['This field is required.', 'Please tick the box first.'];

async function summaryLines(page: Page) {
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  return (await summary.getByRole('listitem').allTextContents()).map((line) => line.trim());
}

test('stage 3: each summary line names its field, the confirmation box included', async ({
  page,
  request,
}) => {
  await signInAt(page, request, 'cardAccepted');
  await page.goto('/loan/stage3');
  await page.getByRole('button', { name: 'Next' }).click();
  const lines = await summaryLines(page);
  for (const bare of BARE) expect(lines).not.toContain(bare);
  const summary = errorSummary(page);
  // The spec's words stay, after the field's name.
  await summary
    .getByRole('link', { name: 'Confirmation of future income and outgoings: This field is required.' })
    .click();
  await expect(page.getByRole('checkbox', { name: /^I confirm that I have considered/ })).toBeFocused();
  await expect(
    summary.getByRole('link', { name: 'Do you own the home? Please enter your home status.' }),
  ).toBeVisible();
  // A message that names its field already is not led by the name again.
  await expect(
    summary.getByRole('link', { name: 'Please enter how long have you lived there.', exact: true }),
  ).toBeVisible();
});

test('stage 3: the home question offers own with a mortgage, own outright, rent, live with family, other', async ({
  page,
  request,
}) => {
  await signInAt(page, request, 'cardAccepted');
  await page.goto('/loan/stage3');
  const home = page.getByLabel('Do you own the home?', { exact: true });
  await expect(home.getByRole('option', { name: 'Yes, I own it outright' })).toBeAttached();
  expect(await home.getByRole('option').allInnerTexts()).toEqual([
    'Choose',
    'Yes, I own it with a mortgage',
    'Yes, I own it outright',
    'No, I rent it',
    'No, I live with family',
    'No, something else',
  ]);
});

test('stage 2: the expiry months read as printed on a card, 01 to 12', async ({ page, request }) => {
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  const month = page.getByRole('group', { name: 'Expiry date' }).getByLabel('Month', { exact: true });
  await expect(month.getByRole('option', { name: '01 (Jan)' })).toBeAttached();
  const names = await month.getByRole('option').allInnerTexts();
  expect(names.slice(1)).toEqual([
    '01 (Jan)',
    '02 (Feb)',
    '03 (Mar)',
    '04 (Apr)',
    '05 (May)',
    '06 (Jun)',
    '07 (Jul)',
    '08 (Aug)',
    '09 (Sep)',
    '10 (Oct)',
    '11 (Nov)',
    '12 (Dec)',
  ]);
});

/** The rules ChangePassword and ChangePasswordByGuid apply, as the hint must list them before any typing. */
async function expectPasswordRules(page: Page) {
  const hint = page.getByRole('list', { name: 'Your new password needs' });
  await expect(hint).toBeVisible();
  const rules = (await hint.getByRole('listitem').allInnerTexts()).join('\n');
  expect(rules).toContain('at least 6 characters');
  expect(rules).toContain('a capital letter');
  expect(rules).toContain('a number');
  expect(rules).toMatch(/not a commonly used password/);
}

test('reset password: the hint lists every rule, the common-password check included', async ({ page }) => {
  await page.goto('/reset-password/some-link-token');
  await expectPasswordRules(page);
});

test.describe('signed in', () => {
  test('change password: the hint lists every rule before the customer types', async ({ page, request }) => {
    const holder = await accountHolder(request);
    await signInWithPassword(page, holder.email, holder.password);
    await page.goto('/account/change-password');
    await expectPasswordRules(page);
    await expect(page.getByRole('list', { name: 'Your new password needs' })).toContainText(
      'different from your existing password',
    );
  });

  test('change address with nothing changed says so, and nothing is sent', async ({ page, request }) => {
    // Past stage 3, the account holds the home's answers as well as its address.
    await signInAt(page, request, 'applicationCompleted');
    await page.goto('/account/change-address');
    await expect(page.getByRole('button', { name: 'Change Address' })).toBeVisible();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/Account/ChangeAddress')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Change Address' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'You have not changed anything. Your address is as before.' }),
    ).toBeVisible();
    await expect(page.getByText('Address changed successfully.')).toHaveCount(0);
    expect(sent).toEqual([]);
  });
});

test('the address block asks for one of flat, building or house number, as its hint says', async ({
  page,
  request,
}) => {
  await signInAt(page, request, 'applicationCompleted');
  await page.goto('/account/change-address');
  await page.getByRole('button', { name: '+Manual Addr.' }).click();
  for (const label of ['Flat number', 'Building name', 'House number']) {
    await page.getByLabel(label, { exact: true }).fill('');
  }
  await expect(
    page.getByText('Enter at least one of flat number, building name or house number.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Change Address' }).click();
  expect(await summaryLines(page)).toEqual(['Please enter your flat number, building name or house number']);
  await expect(page.getByText('Please enter your house number', { exact: true })).toHaveCount(0);
});
