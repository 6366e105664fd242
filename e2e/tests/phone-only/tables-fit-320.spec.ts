import { test } from '@playwright/test';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectEveryPageFits, flagLegal, settle, withdraw } from '../../support/loan-states';

/*
 * Issue 45 item 7: every signed-in page fits a phone at 320 and 360 px in each state of a loan, its tables
 * too (a row becomes a block rather than a table wider than the column, an amount never cut). One
 * customer per state, every page and width in one test. In arrears (the business date moved):
 * e2e/business-days/live-loan.spec.ts.
 */

test('a live loan, then settled: every signed-in page fits 320 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await expectEveryPageFits(page, 'live');
  await settle(page);
  await expectEveryPageFits(page, 'settled');
});

test('a withdrawn loan: every signed-in page fits 320 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await withdraw(page);
  await expectEveryPageFits(page, 'withdrawn');
});

test('a loan flagged legal: every signed-in page, Pre Claim’s statement too, fits 320 and 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await signedInWithLiveLoan(page, request);
  await flagLegal(page, customer);
  await expectEveryPageFits(page, 'legal');
});
