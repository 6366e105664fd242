import { expect, type Locator } from '@playwright/test';
import { formatDisplayDate } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { formatApr } from '@lender/contract/pricing/format';
import type { QuoteResult } from '@lender/contract/pricing/quote';

/**
 * Every figure of the quote screen's results card ('Your repayments') and every row of its schedule,
 * against the pricing engine's quote for the same inputs.
 */
export async function expectQuoteShows(results: Locator, expected: QuoteResult, period: number) {
  const instalment = formatPence(expected.instalmentPence);
  const last = expected.schedule[expected.schedule.length - 1]!.paymentPence;
  await expect(results.getByRole('term')).toHaveText([
    'Repay over',
    'Payment of',
    'Total interest paid',
    'APR',
    'Repayment total',
  ]);
  await expect(results.getByRole('definition')).toHaveText([
    period === 1 ? '1 month' : `${period} months`,
    last === expected.instalmentPence ? instalment : `${instalment} last payment ${formatPence(last)}`,
    formatPence(expected.totalInterestPence),
    formatApr(expected.aprPercent),
    formatPence(expected.totalRepayablePence),
  ]);

  const schedule = results.getByRole('table', { name: 'Repayment schedule' });
  await expect(schedule.getByRole('columnheader')).toHaveText(['Payment date', 'Amount']);
  await expect(schedule.getByRole('rowheader')).toHaveText([
    ...expected.schedule.map((line) => formatDisplayDate(line.date)),
    'Total',
  ]);
  const total = expected.schedule.reduce((sum, line) => sum + line.paymentPence, 0);
  expect(total, "the schedule's sum is the total repayable").toBe(expected.totalRepayablePence);
  await expect(schedule.getByRole('cell')).toHaveText([
    ...expected.schedule.map((line) => formatPence(line.paymentPence)),
    formatPence(total),
  ]);
}
