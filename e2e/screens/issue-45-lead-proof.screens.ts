import { expect, test } from '@playwright/test';
import { smsCodeFor } from '../support/outbox';
import { addPartner, postPartnerLead } from '../support/partner-lead';
import { screenshots } from './shot';

/*
 * Screenshots of issue 45's proof of identity on the lead landing page: the first step (where to send the
 * code), the code's form, a wrong code's message, and the offer once proved. At 1280 and 360 px, and the
 * narrow project also at 320 px.
 */
const shot = screenshots('issue-45-lead-proof');

test('the landing code', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { key } = await addPartner();
  const { lead, answer } = await postPartnerLead(request, key, { amount: 500, instalments: 4 });
  await page.goto(new URL(answer.redirectUrl!).pathname);
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  const narrow = testInfo.project.name === 'narrow';
  const both = async (screen: string) => {
    await shot(page, screen);
    if (!narrow) return;
    await page.setViewportSize({ width: 320, height: 740 });
    await shot(page, screen);
    await page.setViewportSize({ width: 360, height: 740 });
  };
  await both('choose');

  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByLabel('Code', { exact: true })).toBeVisible();
  await both('code');

  const code = await smsCodeFor(request, lead.mobile);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Code', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('That code is not right. Please check it and try again.')).toBeVisible();
  await both('wrong-code');

  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('slider', { name: 'Loan amount' })).toBeVisible();
  await both('offer');
});
