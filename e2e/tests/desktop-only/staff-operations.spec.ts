import { expect, test } from '@playwright/test';
import crypto from 'node:crypto';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { emailsTo } from '../../support/outbox';
import { rememberSecret } from '../../support/secrets';
import { enrolledStaff } from '../../support/staff';

/*
 * Issue 48 item 9: the admin's operations page. The admin invites a member (the e-mail goes out, the
 * invitation code is shown once to the admin, decision 071), invites them again, and adds
 * a lead partner, whose key the page shows once; the rest of the page's acts are covered by the API tests
 * (apps/api/src/features/operations/operations-calls.test.ts).
 */
test('an admin invites a member of staff and adds a partner whose key is shown once', async ({ page }) => {
  test.setTimeout(90_000);
  await enrolledStaff(page.request, 'admin', 'Ada Admin');
  await page.goto('/staff');
  await page.getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operations');
  await expect(page.getByText('Business date', { exact: true })).toBeVisible();

  const email = `new.agent.${crypto.randomBytes(4).toString('hex')}@staff.example.com`;
  const invite = page.getByRole('form', { name: 'Invite a member of staff' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Display name (optional)').fill('Nia Newagent');
  await invite.getByLabel('Role').selectOption('agent');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invited ${email}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members of staff' })).toContainText('Nia Newagent');
  // The invitation code is shown this once, to give by phone or in person (decision 071).
  const codeShown = page.getByRole('status').filter({ hasText: `The invitation code of ${email}` });
  await expect(codeShown).toBeVisible();
  const invitationCode = (await codeShown.locator('code').textContent())!;
  expect(invitationCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  rememberSecret('staff invitation code', invitationCode);
  let mail = '';
  await expect
    .poll(async () => (mail = (await emailsTo(page.request, email))[0]?.text ?? ''))
    .toContain('/staff/invite/');
  // Never in the e-mail, which says the administrator gives it.
  expect(mail).not.toContain(invitationCode);
  expect(mail).not.toContain(invitationCode.replace('-', ''));
  expect(mail).toContain('invitation code your administrator gives you');
  await codeShown.getByRole('button', { name: 'I have noted it' }).click();
  await expect(page.getByText(`The invitation code of ${email}`)).toHaveCount(0);

  // Lost: invited again, a new code (and link); the member is still waiting to enrol.
  await page.getByRole('button', { name: 'Invite again: Nia Newagent' }).click();
  const again = page.getByRole('status').filter({ hasText: `The invitation code of ${email}` });
  await expect(again).toBeVisible();
  const second = (await again.locator('code').textContent())!;
  rememberSecret('staff invitation code', second);
  expect(second).not.toBe(invitationCode);

  const name = `broker-${crypto.randomBytes(3).toString('hex')}`;
  const add = page.getByRole('form', { name: 'Add a partner' });
  await add.getByLabel('Partner name').fill(name);
  await add.getByRole('button', { name: 'Add the partner' }).click();
  const shown = page.getByRole('status').filter({ hasText: `The API key of ${name}` });
  await expect(shown).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lead partners' })).toContainText(name);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(`The API key of ${name}`)).toHaveCount(0);
});
