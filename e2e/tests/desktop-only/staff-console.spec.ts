import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { signByApi } from '../../support/esign-api';
import { emailsTo } from '../../support/outbox';
import { rememberSecret, TEST_SECRETS } from '../../support/secrets';
import { enrolledStaff, inviteStaff } from '../../support/staff';
import { totpCode } from '../../support/totp';

/** A first name of letters no other test uses, to find this applicant's row among the referrals. */
const uniqueFirstName = () =>
  `Una${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/*
 * Issue 48: the staff console. A desk tool, used at 1024 px and wider: desktop only. Members are added
 * as an administrator adds them (`npm run ops -- staff add`, whose invitation code the administrator
 * would give by phone), and enrol two-factor sign-in with a key
 * the test reads off the page and turns into codes as an authenticator app would (support/totp.ts).
 */
test('an underwriter enrols two-factor sign-in, declines a referral with a reason, and the applicant gets the e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // An applicant whose identity the credit file does not confirm: referred to a person after signing.
  const firstName = uniqueFirstName();
  const { applicant } = await applicationAt(request, 'esignSent', {
    stage1: { firstName, lastName: 'Mismatch' },
  });
  await signByApi(request, applicant);

  const { email, link, invitationCode } = await inviteStaff(request, 'underwriter', 'Una Writer');
  // The e-mail's link, on the server under test (the link names the configured public site).
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your staff account');
  // The link alone shows nothing of the account: first the code the administrator gave by phone.
  await expect(page.getByLabel('Invitation code')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toHaveCount(0);
  await expect(page.getByText('Una Writer')).toHaveCount(0);
  const wrong = invitationCode.startsWith('2222') ? '3333-3333' : '2222-2222';
  await page.getByLabel('Invitation code').fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('That invitation code is not right');
  await expect(page.getByRole('alert')).toContainText('4 more wrong tries will stop this invitation');
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toHaveCount(0);
  // Typed as it was heard: small letters, no dash.
  await page.getByLabel('Invitation code').fill(invitationCode.replace('-', '').toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  const secret = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberSecret('staff TOTP secret', secret);
  await page.getByLabel('Password', { exact: true }).fill(TEST_SECRETS.password);
  await page.getByLabel('Password again').fill(TEST_SECRETS.password);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  for (const code of await codes.allTextContents()) rememberSecret('staff recovery code', code);
  await page.getByRole('button', { name: /open the console/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Una Writer');

  // Sign out and in again: the code of the next window (the one just used is never accepted twice).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill(TEST_SECRETS.password);
  await page.getByLabel('Authenticator code').fill(totpCode(secret, Date.now(), 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Una Writer');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Referrals' }).click();
  const row = page.getByRole('row', { name: new RegExp(`${firstName} Mismatch`) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: `${firstName} Mismatch` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Credit searches' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const decision = page.getByRole('form', { name: 'Decide' });
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose approve or decline.');
  await decision.getByLabel('Decline').check();
  await decision
    .getByLabel('Reason')
    .fill('Identity not confirmed by the credit file or the documents sent.');
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByRole('status')).toContainText('Declined');
  await expect(page.getByText('This application is not waiting for a decision.')).toBeVisible();
  await expect
    .poll(async () => (await emailsTo(request, applicant.email)).map((m) => m.subject), {
      message: 'the decline e-mail',
    })
    .toContain('Your Kestrel Loans loan application');
});

test('an agent reads an application but sees no decision, and the server refuses one', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant, appGuid } = await applicationAt(request, 'esignSent', {
    stage1: { lastName: 'Mismatch' },
  });
  await signByApi(request, applicant);
  await enrolledStaff(page.request, 'agent', 'Amy Agent');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Amy Agent');
  await expect(page.getByRole('link', { name: 'Referrals' })).toHaveCount(0);
  await page.goto(`/staff/applications/${appGuid}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Applicant', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record the decision' })).toHaveCount(0);
  const refused = await page.request.post('/api/staff/Underwriting/Decide', {
    data: { applicationGuid: appGuid, decision: 'approve', reason: 'An agent trying to approve.' },
  });
  expect(refused.status()).toBe(403);
});

test('compliance reads the audit, filtered, and exports it', async ({ page }) => {
  await enrolledStaff(page.request, 'compliance', 'Cora Compliance');
  await page.goto('/staff/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit');
  const table = page.getByRole('table', { name: /What staff did/ });
  await expect(table.getByRole('row', { name: /staff-invited/ }).first()).toBeVisible();
  await page.getByLabel('Who (e.g. staff:12)').fill('ops');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('ops');
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await (await download).path();
  expect(fs.readFileSync(csv, 'utf8')).toContain('staff-invited');
});

test('an agent finds a customer with a loan by e-mail, opens the customer, then the loan, and reads its ledger', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant } = await applicationAt(request, 'esignSent');
  await signByApi(request, applicant);
  await enrolledStaff(page.request, 'agent', 'Alan Agent');
  // Underwriting decides and the sandbox pays out within seconds: wait for the ledger's advance.
  let loanId = '';
  await expect
    .poll(
      async () => {
        const found = await page.request.get(
          `/api/staff/Customers/Search?q=${encodeURIComponent(applicant.email)}`,
        );
        loanId = (await found.json()).object.customers[0]?.loanReference ?? '';
        if (!loanId) return 'no loan';
        const loan = await page.request.get(`/api/staff/Customers/Loan?loanId=${loanId}`);
        const kinds = ((await loan.json()).object.ledger as { kind: string }[]).map((r) => r.kind);
        return kinds.includes('advance') ? 'paid out' : 'not paid out';
      },
      { timeout: 30_000, message: 'the loan was paid out' },
    )
    .toBe('paid out');

  await page.goto('/staff');
  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByLabel(/e-mail, mobile, postcode/).fill(applicant.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: /Customers found by e-mail/ });
  await expect(results.getByRole('row')).toHaveCount(2);
  await results.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Contact details' })).toBeVisible();
  await expect(page.getByText(applicant.email)).toBeVisible();
  await page
    .getByRole('table', { name: /^Loans/ })
    .getByRole('link', { name: loanId })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Loan ${loanId}`);
  const ledger = page.getByRole('table', { name: 'Every transaction, with the balance after it' });
  await expect(ledger.getByRole('row', { name: /Loan paid out/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
