import { test } from '@playwright/test';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectEveryPageFits, flagLegal, settle, withdraw } from '../../support/loan-states';

/*
 * Issue 45 item 7: every signed-in page fits a phone at 320 and 360 px in each state of a loan, its tables
 * too (a row becomes a block rather than a table wider than the column, an amount never cut); item 11:
 * each page says the loan's one state under its heading. One
 * customer per state, every page and width in one test. In arrears (the business date moved):
 * e2e/business-days/live-loan.spec.ts.
 */

test('a live loan, then settled: every signed-in page fits 320 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await expectEveryPageFits(
    page,
    'live',
    /Your loan is active\. Your payments are collected from your card on their due dates\./,
  );
  await settle(page);
  await expectEveryPageFits(page, 'settled', /Your loan is repaid in full\. Thank you\./);
});

test('a withdrawn loan: every signed-in page fits 320 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInWithLiveLoan(page, request);
  await withdraw(page);
  await expectEveryPageFits(
    page,
    'withdrawn',
    /You withdrew from your loan agreement and have repaid it\. Nothing more is owed\./,
  );
});

test('a loan flagged legal: every signed-in page, Pre Claim’s statement too, fits 320 and 360 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await signedInWithLiveLoan(page, request);
  await flagLegal(page, customer);
  await expectEveryPageFits(
    page,
    'legal',
    /We have sent you a letter about your debt\. Please reply by \d\d-\d\d-\d{4}\./,
  );
});
