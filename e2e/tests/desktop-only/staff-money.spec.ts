import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { collectedTwice } from '../../support/credit-balance';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { expectRepaid, startPayingTotal } from '../../support/payment';
import { enrolledStaff } from '../../support/staff';

/*
 * Issue 48's four eyes on money: an agent proposes a refund, a team-lead (another person) approves it,
 * and the customer's own ledger shows it. The customer repays by card and the CPA collects £25 the same
 * day too: the credit balance to refund.
 */
test('an agent proposes a refund a team-lead approves and the customer’s ledger shows it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const customer = await signedInWithLiveLoan(page, request);
  await startPayingTotal(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectRepaid(page);
  await collectedTwice(customer.appGuid, 2_500);

  // The agent, in the same browser as the customer (the staff cookie is the console's alone).
  await enrolledStaff(page.request, 'agent', 'Ada Agent');
  const found = await page.request.get(`/api/staff/Customers/Search?q=${encodeURIComponent(customer.email)}`);
  const holder = (await found.json()).object.customers[0] as { loanReference: string; name: string };
  const loanId = holder.loanReference;
  await page.goto(`/staff/loans/${loanId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Loan ${loanId}`);
  await expect(page.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  const propose = page.getByRole('form', { name: 'Propose a refund, waiver or write-off' });
  await propose.getByRole('radio', { name: 'Refund the credit balance' }).check();
  await propose.getByLabel('Amount').fill('25.01');
  await propose.getByLabel('Reason').fill('Collected by CPA after the customer repaid by card');
  await propose.getByRole('button', { name: 'Propose' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The refund of £25.01 is more than the credit balance (£25.00).',
  );
  await propose.getByLabel('Amount').fill('25.00');
  await propose.getByRole('button', { name: 'Propose' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proposed' })).toContainText('Refund of £25.00');
  const proposals = page.getByRole('table', { name: 'Proposals on this loan, newest first' });
  await expect(proposals.getByRole('row').nth(1)).toContainText('Proposed, waiting for a team-lead');
  await expectNoSeriousA11yViolations(page);

  // A team-lead, in a browser of their own, approves it from the inbox.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await enrolledStaff(lead.request, 'team-lead', 'Tom Lead');
  await lead.goto('/staff');
  await expect(lead.getByRole('link', { name: 'Approvals' }).first()).toBeVisible();
  await lead.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(lead.getByRole('heading', { level: 1 })).toHaveText('Approvals');
  const name = `Refund of £25.00 for ${holder.name}`;
  await expect(lead.getByRole('heading', { name })).toBeVisible();
  await expectNoSeriousA11yViolations(lead);
  await lead.getByRole('button', { name: `Approve: ${name}` }).click();
  await expect(lead.getByRole('status').filter({ hasText: 'paid out' })).toContainText(
    'Approved by Tom Lead, posted and paid out to the bank account',
  );
  await leadContext.close();

  // The loan page shows it paid out; the customer's own ledger shows the refund.
  await page.goto(`/staff/loans/${loanId}`);
  await expect(proposals.getByRole('row').nth(1)).toContainText('Approved by Tom Lead, posted and paid out');
  await page.goto('/borrow/schedule');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: 'Refund' })).toContainText('25.00');
});
