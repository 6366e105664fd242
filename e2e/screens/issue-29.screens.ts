import { expect, test } from '@playwright/test';
import { smsCodeFor } from '../support/outbox';
import { TEST_SECRETS } from '../support/secrets';
import { addPartner, postPartnerLead } from '../support/partner-lead';
import { fillCard } from '../support/stage-forms';
import { screenshots } from './shot';

/*
 * Screenshots of issue 29's landing page: a partner's lead as the visitor first sees it, the page with the
 * card and a billing address left half-filled (the lead page's messages), and the e-mail-sent note.
 */
const shot = screenshots('issue-29');

test('the lead landing page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { key } = await addPartner();
  const { lead, answer } = await postPartnerLead(request, key, { amount: 500, instalments: 4 });
  await page.goto(new URL(answer.redirectUrl!).pathname);
  // Issue 45: the applicant's code first.
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await smsCodeFor(request, lead.mobile));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('your personalised loan offer');
  await expect(page.getByRole('region', { name: 'Your repayments' })).toContainText('Total to pay');
  await shot(page, 'landing');

  await page
    .getByRole('group', { name: 'Is your card address the same as your home address?' })
    .getByLabel('No')
    .check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('There is a problem')).toBeVisible();
  await shot(page, 'landing-errors');

  await page.goto(new URL(answer.redirectUrl!).pathname);
  await fillCard(page, TEST_SECRETS.cardNumbers[0]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'e-mail-sent');
});
