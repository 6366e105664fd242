import { expect, test } from '@playwright/test';
import { createStage4Payload } from '../../apps/api/src/test/application-journey';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { postApi } from '../support/api';
import { signByApi } from '../support/esign-api';
import { waitForPayout } from '../support/live-loan';
import { bankPanel, connectSandboxBank, onStage3WithAnswers } from '../support/open-banking';

/*
 * Issue 49: an applicant connects their bank at stage 3 through the built-in sandbox bank, reads what we
 * found, and goes on with their answers kept. At both widths: the panel and the bank's page are new.
 */
test('an applicant connects the salaried sandbox customer, sees the income we found, and is funded @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens, applicant } = await onStage3WithAnswers(page, request);
  await expect(bankPanel(page).getByText(/This is optional/)).toBeVisible();

  await connectSandboxBank(page, { customer: 'salaried' });
  const found = bankPanel(page).getByRole('status');
  await expect(found).toContainText('What we found at Sandbox Bank');
  await expect(found.getByText('We saw £2,400.00 a month from ACME LTD')).toBeVisible();
  await expect(found.getByText('Rent: £750.00')).toBeVisible();
  // The answers typed before the visit to the bank are still there.
  await expect(page.getByLabel('Employer name', { exact: true })).toHaveValue('Acme Ltd');
  await expect(page.getByRole('textbox', { name: 'Food', exact: true })).toHaveValue('200');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/loan\/stage4$/);

  // The rest of the journey is tested elsewhere: through the calls its pages make.
  await postApi(request, '/api/Register/SubmitStage4', createStage4Payload(), tokens);
  await signByApi(request, applicant);
  // The applicant's own session, still signed in, sees the loan once it is paid out.
  await waitForPayout(page, 30_000);

  // The connection is listed in the account, and can be ended there.
  await page.goto('/account/bank-connections');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bank connections');
  await page.getByRole('button', { name: 'End connection to Sandbox Bank' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your connection to Sandbox Bank has ended.' }),
  ).toBeVisible();
  await expect(page.getByText(/^Ended\. Started/)).toBeVisible();
});
