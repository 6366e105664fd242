import { expect, test } from '@playwright/test';
import { setPasswordFor } from '../support/account';
import { applicationAt } from '../support/application-at';
import { signByApi } from '../support/esign-api';
import { TEST_SECRETS } from '../support/secrets';
import { signInWithPassword } from '../support/sign-in';
import { screenshots } from './shot';

/*
 * Screenshots of issue 25's screens with a live loan: the borrow page (status, summary, latest loan,
 * payments) and the repayment schedule, right after the payout.
 */
const shot = screenshots('issue-25');

test('borrow and schedule with a loan just paid out', async ({ page, request }) => {
  const { applicant } = await applicationAt(request, 'esignSent');
  await signByApi(request, applicant);
  await setPasswordFor(request, applicant.email);
  await signInWithPassword(page, applicant.email, TEST_SECRETS.password);
  await expect
    .poll(
      async () => {
        await page.goto('/borrow');
        return page.getByText('Status:').textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('Loan active');
  await shot(page, 'borrow');
  await page.goto('/borrow/schedule');
  await expect(page.getByRole('table', { name: 'Payment plan' })).toBeVisible();
  await shot(page, 'schedule');
});
