import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { downloaded, FILES, uploadFile } from '../support/documents';
import { openMainMenu } from '../support/layout';
import { signedInWithLiveLoan } from '../support/live-loan';

/*
 * Issue 28, the account area's documents (docs/decisions/028): the signed agreement and the summary of
 * borrowing are there without asking; the customer uploads evidence (a file that is not a PDF, PNG or
 * JPEG is refused by its content), downloads the agreement and deletes their upload.
 */
test('lists the agreement, uploads and deletes evidence, downloads the agreement', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await signedInWithLiveLoan(page, request);
  // In the menu, headed as what it is (issue 45).
  await (await openMainMenu(page)).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your documents');
  await expect(page).toHaveTitle('Your documents | Kestrel Loans');

  const list = page.getByRole('list', { name: 'Your documents' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(/Loan agreement \d+/);
  await expect(list).toContainText('Summary of borrowing');

  await uploadFile(page, 'Proof of identity', FILES.textAsPdf);
  await expect(page.getByText('Please choose a PDF, PNG or JPEG file.').first()).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await uploadFile(page, 'Bank statement', FILES.png);
  await expect(page.getByText('Uploaded bank-statement.png. Thank you.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText('PNG image');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('documents.png'), fullPage: true });

  const agreement = await downloaded(
    page,
    list.getByRole('button', { name: /^Download Loan agreement \d+/ }),
  );
  expect(agreement.name).toMatch(/^kestrel-loan-agreement-\d+\.pdf$/);
  expect(agreement.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await list.getByRole('button', { name: /^Delete Bank statement/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).not.toContainText('Bank statement');
});
