import { expect, test, type Page } from '@playwright/test';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { flagLegal, LOAN_PAGES, misfits, openLoanPage, settle, withdraw } from '../../support/loan-states';

/*
 * Issue 45 item 7: every signed-in page fits a phone at 320 and 360 px in each state of a loan, its tables
 * too (a row becomes a block rather than a table wider than the column, an amount never cut). One
 * customer per state, every page and width in one test. In arrears (the business date moved):
 * e2e/business-days/live-loan.spec.ts.
 */

const WIDTHS = [320, 360];

/** Every loan page at each width (the page laid out again, not reloaded), the misfits gathered softly. */
async function expectEveryPageFits(page: Page, state: string) {
  for (const { path } of LOAN_PAGES) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 740 });
    await openLoanPage(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 });
      expect.soft(await misfits(page), `${state}: ${path} at ${width} px`).toEqual([]);
    }
  }
}

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
