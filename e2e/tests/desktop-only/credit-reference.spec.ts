import { expect, test } from '@playwright/test';
import { SOFT_SEARCH_SENTENCE } from '@lender/contract/credit-search';
import { SANDBOX_AGENCY } from '../../../apps/api/src/sandbox/credit-reference/particulars';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { setPasswordFor } from '../../support/account';
import { applicationAt } from '../../support/application-at';
import { FILES, uploadFile } from '../../support/documents';
import { signByApi } from '../../support/esign-api';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { emailsTo } from '../../support/outbox';
import { TEST_SECRETS } from '../../support/secrets';
import { signInWithPassword } from '../../support/sign-in';
import { fillStage1, newApplicant, pickLoanOnHome } from '../../support/stage1-form';

/*
 * Issue 47: the credit file is searched before a quote (soft) and before an agreement (hard), by the
 * built-in agency's sandbox, which answers by surname. The layout is the stage pages' and the account
 * pages', tested at phone widths already: these run at desktop width only.
 */
test('a Judgement applicant is declined at stage 1 and told which agency, how to reach it, and that a person can review it', async ({
  page,
}) => {
  await pickLoanOnHome(page);
  await expect(page.getByText(`${SOFT_SEARCH_SENTENCE}.`)).toBeVisible();
  await fillStage1(page, newApplicant({ surname: 'Judgement' }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your application' })).toBeVisible();
  await expect(page.getByText(/we are unable to approve it at this time/)).toBeVisible();
  await expect(
    page.getByText(/Information from a credit reference agency counted in this decision/),
  ).toBeVisible();
  const agency = page.locator('address');
  await expect(agency).toContainText(SANDBOX_AGENCY.name);
  await expect(agency).toContainText(SANDBOX_AGENCY.postalAddress.join(''));
  await expect(agency.getByRole('link', { name: SANDBOX_AGENCY.phone })).toBeVisible();
  await expect(page.getByText(/free of charge/)).toBeVisible();
  await expect(page.getByText(/You can ask for a person to review it/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a clean applicant reads that the search is soft, is funded, and sees the soft and hard searches in the account', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await pickLoanOnHome(page);
  await expect(page.getByText(`${SOFT_SEARCH_SENTENCE}.`)).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Credit Reference Agency Information Notice (CRAIN)' }),
  ).toBeVisible();

  await signedInWithLiveLoan(page, request, { stage1: { lastName: 'Brightwater' } });
  await page.goto('/account/documents');
  await page.getByRole('link', { name: 'The searches of your credit file we made' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit searches');
  const rows = page.getByRole('table', { name: 'Searches of your credit file' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Hard search');
  await expect(rows.nth(2)).toContainText('Soft search');
  await expect(rows.nth(1)).toContainText(SANDBOX_AGENCY.name);
  await expectNoSeriousA11yViolations(page);
});

test('a Mismatch applicant is asked for proof of identity and address after signing, uploads it, and waits for a person', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant } = await applicationAt(request, 'esignSent', { stage1: { lastName: 'Mismatch' } });
  await signByApi(request, applicant);
  await expect
    .poll(async () => (await emailsTo(request, applicant.email)).map((m) => m.subject), {
      message: 'the e-mail asking for proof',
    })
    .toContain('Your Kestrel Loans loan application: we need proof of your identity');
  const [proof] = (await emailsTo(request, applicant.email)).filter((m) => m.subject?.includes('proof'));
  expect(proof!.text).toContain('/account/documents');

  await setPasswordFor(request, applicant.email);
  await signInWithPassword(page, applicant.email, TEST_SECRETS.password);
  await page.goto('/account/documents');
  await uploadFile(page, 'Proof of identity', FILES.pdf);
  await expect(page.getByText('Uploaded payslip.pdf. Thank you.')).toBeVisible();
  await uploadFile(page, 'Bank statement', FILES.png);
  await expect(page.getByText('Uploaded bank-statement.png. Thank you.')).toBeVisible();

  await page.goto('/borrow');
  await expect(page.getByText('Being reviewed by our team').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
