import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { defaultPastRemedy } from '../support/defaulted-loan';
import { downloaded, FILES, uploadFile } from '../support/documents';
import { mainHeadings, openMainMenu, ALSO_ON_PHONE } from '../support/layout';
import { signedInWithLiveLoan } from '../support/live-loan';
import { ops } from '../support/ops';
import { TEST_SECRETS } from '../support/secrets';
import { signInWithPassword } from '../support/sign-in';

/*
 * Issue 28, the pre-claim area (docs/decisions/029): staff flag an account legal, which issues the Letter
 * of Claim; from the next sign-in the customer has Pre Claim in the menu, reads the letter, sends a
 * document and the Reply Form with a Financial Statement, and downloads the letter.
 */
test(
  'a customer flagged legal reads the letter, replies with a financial statement and a PDF, and downloads the letter',
  ALSO_ON_PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const customer = await signedInWithLiveLoan(page, request);
    // Only a loan in default past its default notice's remedy date may be flagged (s87(1)).
    await defaultPastRemedy(customer.appGuid);
    expect(await ops('legal', customer.appGuid, 'on')).toContain('Letter of Claim issued for £');

    // The flag shows from the next sign-in (Login's isLegal).
    await (await openMainMenu(page)).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await signInWithPassword(page, customer.email, TEST_SECRETS.password);
    await (await openMainMenu(page)).getByRole('link', { name: 'Pre Claim' }).click();
    await expect(mainHeadings(page)).toHaveText('Pre Claim');

    const letter = page.getByRole('region', { name: /^Our Letter of Claim of \d\d-\d\d-\d{4}$/ });
    await expect(letter).toContainText(/Please reply by \d\d-\d\d-\d{4}/);
    await expect(letter.getByRole('term')).toHaveText([
      'Amount owed',
      'Interest and charges',
      'Agreement',
      'How to pay',
      'Where to reply',
    ]);
    await expect(letter.getByRole('definition').first()).toHaveText(/^£\d+\.\d\d$/);
    await letter.getByText('Statement of account').click();
    await expect(letter.getByRole('table', { name: 'Statement of account' })).toContainText('Loan paid out');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('pre-claim-letter.png'), fullPage: true });

    // A payslip, sent with the reply.
    const evidence = page.getByRole('region', { name: 'Send us documents' });
    await uploadFile(page, 'Payslip', FILES.pdf);
    await expect(evidence.getByText('Uploaded payslip.pdf. Thank you.')).toBeVisible();
    await expect(evidence.getByRole('list', { name: 'Your documents' })).toContainText('Payslip');

    // The Reply Form: owes it all, can pay £25 a month, with a Financial Statement from the application.
    const reply = page.getByRole('form', { name: 'Reply Form' });
    await reply.getByLabel('Yes, I owe all of it').check();
    await reply.getByLabel('I can pay by instalments').check();
    await reply.getByLabel('How much can you pay each month?').fill('25');
    await reply.getByLabel('Include a Financial Statement of my income and outgoings').check();
    await reply.getByRole('button', { name: 'Use the figures from my application' }).click();
    await expect(reply.getByLabel('Take-home pay from work')).not.toHaveValue('');
    await reply.getByLabel('Benefits and tax credits').fill('120');
    await page.screenshot({ path: testInfo.outputPath('pre-claim-reply.png'), fullPage: true });
    await reply.getByRole('button', { name: 'Send my reply' }).click();

    const received = page.getByRole('region', { name: 'We have your reply' });
    await expect(received).toBeVisible();
    await expect(received).toContainText(/before \d\d-\d\d-\d{4}/);
    await expectNoSeriousA11yViolations(page);

    const file = await downloaded(page, letter.getByRole('button', { name: 'Download the letter (PDF)' }));
    expect(file.name).toMatch(/^kestrel-letter-\d+\.pdf$/);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: testInfo.outputPath('pre-claim-replied.png'), fullPage: true });
  },
);
