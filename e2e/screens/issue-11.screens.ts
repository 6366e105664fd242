import { expect, test, type Page } from '@playwright/test';
import { applicationAt } from '../support/application-at';
import { verificationLinkFor, signingLinkFor } from '../support/outbox';
import { screenshots } from './shot';

/*
 * Full-page screenshots of e-sign (its documents' dialog, its messages), the e-mail verification page and
 * the success page into docs/screens, named `<prefix>-<screen>-<width>.png` (prefix `issue-11` unless
 * SCREENS_PREFIX says otherwise). Each applicant is taken to e-sign through the API, as the browser tests do.
 */
const shot = screenshots('issue-11');

const proceed = (page: Page) => page.getByRole('button', { name: 'Let’s Proceed' });

async function openEsign(page: Page, request: Parameters<typeof applicationAt>[0]) {
  const at = await applicationAt(request, 'esignSent');
  await page.goto(await signingLinkFor(request, at.applicant.email));
  await expect(proceed(page)).toBeVisible();
  return at;
}

test('stage5: as it opens; with the errors of an empty submit', async ({ page, request }) => {
  await openEsign(page, request);
  await expect(page.getByText('Waiting for confirmation...')).toBeVisible();
  await shot(page, 'stage5');

  await proceed(page).click();
  await expect(page.getByText('Please fill the missing information')).toBeVisible();
  await shot(page, 'stage5-errors');
});

test('stage5: the loan agreement and the PCCI in their dialogs', async ({ page, request }) => {
  await openEsign(page, request);
  for (const [title, screen] of [
    ['Loan Agreemant', 'stage5-agreement'],
    ['PCCI', 'stage5-pcci'],
  ] as const) {
    await page.getByRole('button', { name: title, exact: true }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await shot(page, screen, { fullPage: false });
    await page.keyboard.press('Escape');
  }
});

test('stage5: the e-mail confirmed, and the resend counting down (decision 038)', async ({
  page,
  request,
}) => {
  const { appGuid, applicant } = await openEsign(page, request);
  await page.goto(await verificationLinkFor(request, applicant.email));
  await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${appGuid}`);
  await expect(page.getByText('The email was confirmed!')).toBeVisible();
  await expect(page.getByText(/^You can ask again in \d+ seconds?\.$/)).toBeVisible();
  await shot(page, 'stage5-confirmed');
});

test('e-mail verification: confirmed; the same link again, not confirmed', async ({ page, request }) => {
  const { applicant } = await applicationAt(request, 'esignSent');
  const link = await verificationLinkFor(request, applicant.email);
  await page.clock.install();
  await page.goto(link);
  await expect(page.getByText('Verified, can close this page.')).toBeVisible();
  // Held still, or the page returns to e-sign after 1 s, before the picture.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1));
  await shot(page, 'verification-confirmed');

  await page.clock.resume();
  await page.goto(link);
  await expect(page.getByText('Verification not confirmed, request new verification email.')).toBeVisible();
  await shot(page, 'verification-not-confirmed');
});

test('success page', async ({ page }) => {
  await page.goto('/loan/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your application is complete');
  await shot(page, 'success');
});
