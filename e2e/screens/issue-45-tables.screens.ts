import { test, type Page } from '@playwright/test';
import { signedInWithLiveLoan } from '../support/live-loan';
import { flagLegal, settle, shootEveryPage, withdraw } from '../support/loan-states';
import { screenshots } from './shot';

/*
 * Screenshots of issue 45 item 7 (tables that fit a phone): the borrow page, schedule, payment,
 * reschedule, update card and documents with a live, settled, withdrawn and legal loan, and Pre Claim
 * (its statement open) when legal, as `issue-45-tables-<state>-<page>-<width>.png`. At 1280 px, and the
 * narrow project at 360 and 320 px. In arrears: e2e/business-days/live-loan.spec.ts with E2E_SCREENS=1.
 */
const shot = screenshots('issue-45-tables');

const widthsOf = (page: Page, project: string) =>
  project === 'narrow' ? [360, 320] : [page.viewportSize()!.width];

test('live, then settled', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await signedInWithLiveLoan(page, request);
  await shootEveryPage(page, shot, 'live', widthsOf(page, testInfo.project.name));
  await settle(page);
  await shootEveryPage(page, shot, 'settled', widthsOf(page, testInfo.project.name));
});

test('withdrawn', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await signedInWithLiveLoan(page, request);
  await withdraw(page);
  await shootEveryPage(page, shot, 'withdrawn', widthsOf(page, testInfo.project.name));
});

test('legal', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const customer = await signedInWithLiveLoan(page, request);
  await flagLegal(page, customer);
  await shootEveryPage(page, shot, 'legal', widthsOf(page, testInfo.project.name));
});
