import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { applicationAt } from './application-at';
import { fillStage3Basics } from './stage-forms';
import { signIn } from './session';

/** The panel of stage 3 (and the repeat loan) that offers the bank connection. */
export const bankPanel = (page: Page) =>
  page.getByRole('region', { name: 'Connect your bank to confirm your income' });

/** An applicant whose card is checked, signed in on stage 3 with its answers filled in but not sent. */
export async function onStage3WithAnswers(page: Page, request: APIRequestContext) {
  const at = await applicationAt(request, 'cardAccepted');
  await signIn(page, { tokens: at.tokens, firstName: 'Jane' });
  await page.goto('/loan/stage3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affordability check');
  await expect(page.getByLabel('How long have you lived there?').getByRole('option')).not.toHaveCount(0);
  await page.getByLabel('How long have you lived there?').selectOption({ label: '1 to 2 years' });
  await page.getByLabel('Employment status', { exact: true }).selectOption({ label: 'Employed full-time' });
  await page.getByLabel('Employment length (months)').fill('24');
  await fillStage3Basics(page);
  return at;
}

/**
 * Connects the sandbox bank from the panel, as a person does: the bank chosen, the bank's own page, a
 * sandbox customer picked, Approve or Deny; back on the page they left.
 */
export async function connectSandboxBank(page: Page, choice: { customer: string } | 'deny') {
  const panel = bankPanel(page);
  await panel.getByRole('button', { name: 'Connect your bank' }).click();
  await panel.getByLabel('Your bank').selectOption({ label: 'Sandbox Bank' });
  await panel.getByRole('button', { name: 'Continue to your bank' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Sandbox Bank: share your account information',
  );
  if (choice === 'deny') {
    await page.getByRole('button', { name: 'Deny' }).click();
  } else {
    await page.getByRole('radio', { name: new RegExp(`^${choice.customer}\\b`) }).check();
    await page.getByRole('button', { name: 'Approve' }).click();
  }
  await expect(page).toHaveURL(/\/loan\/stage3$|\/borrow\/apply$/);
}
