import { expect, test } from '@playwright/test';
import { defaultPastRemedy } from '../support/defaulted-loan';
import { FILES, uploadFile } from '../support/documents';
import { openMainMenu } from '../support/layout';
import { signedInWithLiveLoan } from '../support/live-loan';
import { ops } from '../support/ops';
import { TEST_SECRETS } from '../support/secrets';
import { signInWithPassword } from '../support/sign-in';
import { screenshots } from './shot';

/*
 * Screenshots of issue 28's screens with a live loan just paid out: the account area's documents (the
 * agreement, the summary of borrowing and an upload), then the account flagged legal by staff: the Pre
 * Claim page with its letter, the Reply Form filled in with a Financial Statement, and the page once replied.
 */
const shot = screenshots('issue-28');

test('documents and the pre-claim area', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await signedInWithLiveLoan(page, request);

  await page.goto('/account/documents');
  await uploadFile(page, 'Bank statement', FILES.png);
  await expect(page.getByText('Uploaded bank-statement.png. Thank you.')).toBeVisible();
  await shot(page, 'documents');

  // Only a loan in default past its default notice's remedy date may be flagged (s87(1), issue 46).
  await defaultPastRemedy(customer.appGuid);
  await ops('legal', customer.appGuid, 'on');
  await (await openMainMenu(page)).getByRole('button', { name: 'Logout' }).click();
  await signInWithPassword(page, customer.email, TEST_SECRETS.password);
  await page.goto('/pre-claim');
  await expect(page.getByRole('form', { name: 'Reply Form' })).toBeVisible();
  await shot(page, 'pre-claim');

  const reply = page.getByRole('form', { name: 'Reply Form' });
  await reply.getByLabel('I owe some of it').check();
  await reply.getByLabel('How much do you agree you owe?').fill('250');
  await reply.getByLabel('Why do you not agree?').fill('I paid £50 by bank transfer on 2 November.');
  await reply.getByLabel('I can pay by instalments').check();
  await reply.getByLabel('How much can you pay each month?').fill('25');
  await reply.getByLabel('Include a Financial Statement of my income and outgoings').check();
  await reply.getByRole('button', { name: 'Use the figures from my application' }).click();
  await shot(page, 'pre-claim-reply');

  await reply.getByRole('button', { name: 'Send my reply' }).click();
  await expect(page.getByRole('region', { name: 'We have your reply' })).toBeVisible();
  await shot(page, 'pre-claim-replied');
});
