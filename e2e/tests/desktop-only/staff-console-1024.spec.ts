import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { signByApi } from '../../support/esign-api';
import { firstInstalmentMissed } from '../../support/overdue-loan';
import { enrolledStaff, paidOutLoanOf } from '../../support/staff';

/*
 * Issue 48: 'the console at 1024 px stays usable'. Each main page of the console, opened by a member of a
 * role that sees it, at 1024 x 768: the page does not scroll sideways, and its main heading and main
 * action are shown within the width. One test, one loan in arrears (on the worklist, with the plan form
 * on its page) and one write-off waiting for approval, so every page has its content.
 */
test.use({ viewport: { width: 1024, height: 768 } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opened at `path`: fits 1024 px, its heading and `action` seen within the width. */
async function expectUsable(page: Page, path: string, heading: string, action: (page: Page) => Locator) {
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(heading);
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  const main = action(page);
  await expect(main, `${path}: the main action`).toBeVisible();
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect
    .soft(width.scroll, `${path} scrolls sideways (${width.scroll} px in ${width.client})`)
    .toBeLessThanOrEqual(width.client);
  for (const [what, shown] of [
    ['heading', h1],
    ['main action', main],
  ] as const) {
    const box = (await shown.boundingBox())!;
    expect.soft(box.x, `${path}: the ${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect
      .soft(box.x + box.width, `${path}: the ${what} ends within the width`)
      .toBeLessThanOrEqual(width.client);
  }
}

test('the console at 1024 px: every main page fits the width, its heading and main action in view', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { applicant, appGuid } = await applicationAt(request, 'esignSent');
  await signByApi(request, applicant);
  // A collections member (on the test's own request context) proposes a write-off: one for a team-lead.
  await enrolledStaff(request, 'collections', 'Colm Collections');
  const { loanId, customerName } = await paidOutLoanOf(request, applicant.email);
  await firstInstalmentMissed(appGuid!, 'cpa-cancelled');
  const proposed = await request.post('/api/staff/Money/ProposeWriteOff', {
    data: {
      loanId: Number(loanId),
      amountPence: 100,
      reason: 'Goodwill: a letter went to the wrong address.',
    },
  });
  expect((await proposed.json()).error.errorID, 'the write-off proposed').toBe(0);

  // A team-lead sees home, the worklist, a loan, approvals and complaints.
  await enrolledStaff(page.request, 'team-lead', 'Tia Lead');
  await expectUsable(page, '/staff', 'Hello, Tia Lead', (p) =>
    p.getByRole('main').getByRole('link', { name: 'Collections' }),
  );
  await expectUsable(page, '/staff/collections', 'Collections', (p) =>
    p
      .getByRole('table', { name: /the longest overdue first/ })
      .getByRole('link', { name: loanId, exact: true }),
  );
  await expectNoSeriousA11yViolations(page);
  await expectUsable(page, `/staff/loans/${loanId}`, `Loan ${loanId}`, (p) =>
    p.getByRole('button', { name: 'Agree the plan' }),
  );
  await expectUsable(page, '/staff/approvals', 'Approvals', (p) =>
    // Its own write-off: other tests sharing the server leave proposals for customers of the same name.
    p
      .getByRole('button', { name: new RegExp(`^Approve: Write-off of .* for ${escape(customerName)}$`) })
      .first(),
  );
  await expectUsable(page, '/staff/complaints', 'Complaints', (p) =>
    p.getByRole('form', { name: 'Complaints return period' }).getByRole('button', { name: 'Count' }),
  );
  await expectNoSeriousA11yViolations(page);

  // The admin's operations page; compliance's audit.
  await enrolledStaff(page.request, 'admin', 'Abe Admin');
  await expectUsable(page, '/staff/operations', 'Operations', (p) =>
    p.getByRole('button', { name: 'Send the invitation' }),
  );
  await enrolledStaff(page.request, 'compliance', 'Cass Compliance');
  await expectUsable(page, '/staff/audit', 'Audit', (p) => p.getByRole('button', { name: 'Show' }));
});
