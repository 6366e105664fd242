import { expect, test, type Page } from '@playwright/test';
import { TOKEN_PAYMENT_PENCE } from '@lender/contract/calls/staff-plans';
import { addDays, formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { disposableIncomePence, type IncomeAndOutgoings } from '@lender/contract/pricing/reschedule';
import { Msg } from '@lender/contract/rules/messages';
import { AppStatus } from '@lender/contract/status';
import { statusText } from '@lender/contract/status-text';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { signByApi } from '../../support/esign-api';
import { errorSummary, fieldError } from '../../support/form-errors';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { firstInstalmentMissed } from '../../support/overdue-loan';
import { enrolledStaff, paidOutLoanOf } from '../../support/staff';

/*
 * Issue 48 item 5 in the browser, for a loan whose first instalment was missed (e2e/support/overdue-loan.ts
 * puts a loan just paid out back in time; the close of business's own way there is the API tests'):
 * collections post a bank transfer the customer made on the due date (apps/api/src/features/staff-collections),
 * and agree a plan in arrears without a card (apps/api/src/features/staff-plans, decision 069).
 */

/** A figure of the loan page's facts ('Status', 'Overdue', 'Balance (ledger)'...). */
async function loanFigure(page: Page, name: string) {
  const facts = page.getByLabel('Loan', { exact: true });
  await expect(facts.getByRole('term').first()).toBeVisible();
  const names = await facts.getByRole('term').allTextContents();
  expect(names, `the loan's facts name ${name}`).toContain(name);
  return facts.getByRole('definition').nth(names.indexOf(name));
}

/** '£1,234.56' (or '-£1.00') as the page shows an amount -> pence. */
const penceOf = (shown: string | null) => {
  const pounds = Number((shown ?? '').replace(/[£,\s]/g, '').replace('−', '-'));
  expect(Number.isFinite(pounds), `an amount: ${shown}`).toBe(true);
  return Math.round(pounds * 100);
};

/** 'dd-MM-yyyy' -> 'yyyy-MM-dd'. */
const isoOf = (shown: string | null) => (shown ?? '').trim().split('-').reverse().join('-');

test('collections post a bank transfer back-dated to the missed due date: refused first, then the instalment is paid on the loan page and the customer’s schedule', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await signedInWithLiveLoan(page, request);
  const { today, firstDue } = await firstInstalmentMissed(customer.appGuid, 'cpa-cancelled');
  await enrolledStaff(page.request, 'collections', 'Cole Collections');
  const { loanId } = await paidOutLoanOf(page.request, customer.email);

  await page.goto(`/staff/loans/${loanId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Loan ${loanId}`);
  await expect(await loanFigure(page, 'Status')).toHaveText(statusText(AppStatus.arrears).name);
  const overdueBefore = penceOf(await (await loanFigure(page, 'Overdue')).textContent());
  expect(overdueBefore, 'the first instalment is overdue').toBeGreaterThan(0);
  const balanceBefore = penceOf(await (await loanFigure(page, 'Balance (ledger)')).textContent());
  const fundedOn = isoOf(await (await loanFigure(page, 'Paid out')).textContent());
  const schedule = page.getByRole('table', { name: 'The schedule as signed' });
  const first = schedule.getByRole('row').nth(1).getByRole('cell');
  await expect(first.nth(1)).toHaveText(formatDisplayDate(firstDue));
  await expect(first.nth(5)).not.toHaveText('Paid');
  // What the customer should have paid that day, as the signed schedule says: what the bank received.
  const instalment = (await first.nth(2).textContent())!.trim();

  const collections = page.getByRole('region', { name: 'Collections' });
  const transfer = page.getByRole('form', { name: 'Post a bank transfer' });
  // A slip: the amount in words. The contract's message, on the field and in the summary; nothing sent.
  await transfer.getByLabel('Amount received (£)').fill('forty pounds');
  await transfer.getByLabel('Value date').fill(firstDue);
  await transfer.getByLabel('Bank reference').fill(`fp ${loanId} jones`);
  await transfer.getByRole('button', { name: 'Post the transfer' }).click();
  await expect(errorSummary(page)).toContainText(Msg.staffTransferAmount);
  await expect(fieldError(page, Msg.staffTransferAmount)).toBeVisible();
  await expect(transfer.getByLabel('Amount received (£)')).toHaveAttribute('aria-invalid', 'true');
  // The amount right, dated the day of the payout: the server refuses it, with its reason.
  await transfer.getByLabel('Amount received (£)').fill(instalment.replace(/[£,]/g, ''));
  await transfer.getByLabel('Value date').fill(fundedOn);
  await transfer.getByRole('button', { name: 'Post the transfer' }).click();
  await expect(collections.getByRole('alert')).toHaveText(
    `The loan was paid out on ${fundedOn}: a transfer towards it is dated after that day.`,
  );
  await expectNoSeriousA11yViolations(page);

  // The transfer as the bank statement shows it: received on the due date, posted today.
  await transfer.getByLabel('Value date').fill(firstDue);
  await transfer.getByRole('button', { name: 'Post the transfer' }).click();
  const posted = collections.getByRole('status');
  await expect(posted).toContainText(
    `${instalment} received by bank transfer (FP ${loanId} JONES) posted on ${formatDisplayDate(firstDue)}.`,
  );
  await expect(posted).toContainText(`overdue ${formatPence(0)}.`);
  const balanceAfter = penceOf(/Balance (\S+),/.exec((await posted.textContent()) ?? '')?.[1] ?? null);

  // The loan page, read again: the instalment paid, nothing overdue, out of arrears at once.
  await expect(first.nth(5)).toHaveText('Paid');
  await expect(await loanFigure(page, 'Overdue')).toHaveText(formatPence(0));
  await expect(await loanFigure(page, 'Status')).toHaveText(statusText(AppStatus.active).name);
  await expect(await loanFigure(page, 'Balance (ledger)')).toHaveText(formatPence(balanceAfter));
  const ledger = page.getByRole('table', { name: 'Every transaction, with the balance after it' });
  await expect(ledger.getByRole('row', { name: /Bank transfer/ })).toContainText(
    `${formatDisplayDate(firstDue)}Bank transfer${instalment}`,
  );
  // The days since the due date were charged on the principal the transfer paid down: their interest
  // rows reversed and charged again, no more than before.
  await expect(ledger.getByRole('row', { name: /Reversal/ }).first()).toBeVisible();
  expect(balanceAfter).toBeLessThanOrEqual(balanceBefore - penceOf(instalment));
  expect(balanceAfter).toBeGreaterThan(0);
  // The money received is not posted twice: the same reference again is refused.
  await transfer.getByLabel('Amount received (£)').fill(instalment.replace(/[£,]/g, ''));
  await transfer.getByLabel('Value date').fill(today);
  await transfer.getByLabel('Bank reference').fill(`FP  ${loanId} Jones `);
  await transfer.getByRole('button', { name: 'Post the transfer' }).click();
  await expect(collections.getByRole('alert')).toContainText(
    `The transfer with reference FP ${loanId} JONES is posted already`,
  );
  await expectNoSeriousA11yViolations(page);

  // The customer's own schedule: the first payment paid, the transfer among the transactions.
  await page.goto('/borrow/schedule');
  const plan = page.getByRole('table', { name: 'Payment plan' });
  await expect(plan.getByRole('row').filter({ hasText: formatDisplayDate(firstDue) })).toContainText('Paid');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: 'Bank transfer' })).toContainText(instalment);
  await expectNoSeriousA11yViolations(page);
});

test('collections agree a token-payment plan without a card for a customer in arrears: refused above the surplus, then the plan stands and the CPA stops', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { applicant, appGuid } = await applicationAt(request, 'esignSent');
  await signByApi(request, applicant);
  await enrolledStaff(page.request, 'collections', 'Cleo Collections');
  const { loanId } = await paidOutLoanOf(page.request, applicant.email);
  // The card had expired: the CPA's one try on the due date was declined and the card blocked.
  const { today, firstDue } = await firstInstalmentMissed(appGuid!, 'card-expired');

  await page.goto(`/staff/loans/${loanId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Loan ${loanId}`);
  await expect(page.getByRole('region', { name: 'Holds' })).toContainText(
    `Card blocked since ${formatDisplayDate(firstDue)}: card expired`,
  );
  const balance = penceOf(await (await loanFigure(page, 'Balance (ledger)')).textContent());
  const planPanel = page.getByRole('region', { name: 'Plan without a card' });
  await expect(planPanel).toContainText('No plan without a card stands.');

  // The customer's income and expenditure, as they give it on the phone: nothing left over each month.
  const statement: IncomeAndOutgoings = {
    monthlyIncomePence: 145_000,
    housingPence: 62_000,
    billsPence: 21_000,
    creditPence: 18_000,
    livingPence: 38_000,
    otherPence: 9_000,
  };
  const surplus = disposableIncomePence(statement);
  const form = planPanel.getByRole('form', { name: 'Agree a plan without a card' });
  await form
    .getByLabel('Plan', { exact: true })
    .selectOption({ label: 'Reduced or token payments each month' });
  const lines: [keyof IncomeAndOutgoings, string][] = [
    ['monthlyIncomePence', 'Monthly income after tax (£)'],
    ['housingPence', 'Housing: rent or mortgage, council tax (£)'],
    ['billsPence', 'Bills: utilities, phone and internet (£)'],
    ['creditPence', 'Other credit repayments (£)'],
    ['livingPence', 'Living: food, transport, clothing, household (£)'],
    ['otherPence', 'Other outgoings (£)'],
  ];
  for (const [key, label] of lines) {
    await form.getByLabel(label, { exact: true }).fill((statement[key] / 100).toFixed(2));
  }
  const firstDate = addDays(today, 7);
  await form.getByLabel('Months', { exact: true }).fill('3');
  await form.getByLabel('First payment', { exact: true }).fill(firstDate);
  await form.getByLabel('Reason', { exact: true }).fill('Hours cut at work; a debt adviser is helping.');
  // What the customer offers is more than the statement leaves: refused, with the figures.
  const offered = 2_500;
  await form.getByLabel('Monthly payment (£)', { exact: true }).fill((offered / 100).toFixed(2));
  await form.getByRole('button', { name: 'Agree the plan' }).click();
  await expect(planPanel.getByRole('alert')).toHaveText(
    `${formatPence(offered)} a month is more than the customer can afford: their income less expenditure ` +
      `leaves ${formatPence(Math.max(0, surplus))} a month. Agree at most that, or a token payment of ` +
      `${formatPence(TOKEN_PAYMENT_PENCE)}.`,
  );
  await expect(planPanel).toContainText('No plan without a card stands.');
  await expect(page.getByRole('table', { name: 'The schedule as signed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A token payment, always allowed.
  await form.getByLabel('Monthly payment (£)', { exact: true }).fill((TOKEN_PAYMENT_PENCE / 100).toFixed(2));
  await form.getByRole('button', { name: 'Agree the plan' }).click();
  await expect(planPanel.getByRole('status')).toHaveText(
    `Plan agreed: 3 payments from ${formatDisplayDate(firstDate)}, interest and fees frozen, no card collection while it is kept.`,
  );
  // The plan standing, and what it means for collections: no card collection while it is kept.
  await expect(planPanel).toContainText(
    `3 payments from ${formatDisplayDate(firstDate)}, agreed ${formatDisplayDate(today)} on a surplus of ` +
      `${formatPence(surplus)} a month; interest and fees frozen, no card collection.`,
  );
  const plan = page.getByRole('table', { name: 'Version 2 of the schedule (2 versions)' });
  const rows = plan.getByRole('row');
  await expect(rows).toHaveCount(4);
  // Two token payments, the last month carrying what is left of the balance (its review date).
  await expect(rows.nth(1)).toContainText(
    `${formatDisplayDate(firstDate)}${formatPence(TOKEN_PAYMENT_PENCE)}`,
  );
  await expect(rows.nth(2)).toContainText(formatPence(TOKEN_PAYMENT_PENCE));
  await expect(rows.nth(3)).toContainText(formatPence(balance - 2 * TOKEN_PAYMENT_PENCE));
  const ledger = page.getByRole('table', { name: 'Every transaction, with the balance after it' });
  await expect(ledger.getByRole('row', { name: /Repayment plan changed/ })).toContainText(
    formatDisplayDate(today),
  );
  await expect(await loanFigure(page, 'Balance (ledger)')).toHaveText(formatPence(balance));
  await expectNoSeriousA11yViolations(page);
});
