import { expect, test } from '@playwright/test';
import { bankPanel, connectSandboxBank, onStage3WithAnswers } from '../../support/open-banking';

/*
 * Issue 49's other outcomes at stage 3: the statement's own rules decline, and a denied consent lets the
 * applicant go on. The layout is the one the salaried test sees at both widths: desktop only here.
 */
test('an applicant who connects the stressed sandbox customer is declined on what the statement shows', async ({
  page,
  request,
}) => {
  await onStage3WithAnswers(page, request);
  await connectSandboxBank(page, { customer: 'stressed' });
  await expect(bankPanel(page).getByRole('status')).toContainText('We saw £1,900.00 a month');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/unable to approve/)).toBeVisible();
});

test('an applicant who denies the bank access is told so and goes on without it', async ({
  page,
  request,
}) => {
  await onStage3WithAnswers(page, request);
  await connectSandboxBank(page, 'deny');
  await expect(page.getByRole('status').filter({ hasText: 'You did not connect your bank' })).toBeVisible();
  await expect(page.getByLabel('Employer name', { exact: true })).toHaveValue('Acme Ltd');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/loan\/stage4$/);
});
