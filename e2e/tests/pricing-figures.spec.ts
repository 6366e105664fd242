import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Quote } from '@lender/contract/calls/register';
import { DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import {
  formatApr,
  formatRate,
  representativeExamples,
  representativeSentence,
  type RepresentativeExample,
} from '@lender/contract/pricing/representative-example';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { startApplication } from '../support/api';
import { expectQuoteShows } from '../support/quote-screen';
import { signIn } from '../support/session';
import { ALSO_ON_PHONE } from '../support/layout';

/*
 * Every figure a customer sees is the pricing engine's (ARCHITECTURE.md, convention 5). The expected text
 * is computed here, by the engine itself, at test time: a figure typed into a page, or a page that kept
 * an old build's figures, fails.
 */

const { standard, provider } = representativeExamples();
const sentence = (e: RepresentativeExample) =>
  `${representativeSentence(e)} Representative ${formatApr(e.aprPercent)} APR.`;

test.describe("The representative example is the pricing engine's", () => {
  test('on the home page and in the footer', async ({ page }) => {
    await page.goto('/');
    const example = page.getByRole('region', { name: 'Representative example' });
    await expect(example.getByRole('paragraph')).toHaveText(sentence(standard));
    await expect(example.getByRole('strong')).toHaveText(
      `Representative ${formatApr(standard.aprPercent)} APR.`,
    );
    await expect(
      page.getByRole('contentinfo').getByText('Representative example:', { exact: false }),
    ).toHaveText(`Representative example: ${sentence(standard)}`);
  });

  test('in the costs page table, for both rates', ALSO_ON_PHONE, async ({ page }) => {
    await page.goto('/info/costs');
    const table = page.getByRole('table', { name: /^Representative example/ });
    await expect(table.locator('caption')).toHaveText(
      `Representative example: credit of £${standard.principalPence / 100} over ${standard.termDays} days, ` +
        `repaid in ${standard.instalmentsPence.length} instalments`,
    );
    await expect(table.getByRole('columnheader')).toHaveText([
      'Figure',
      'Normal',
      'Visitors arriving via a provider',
    ]);
    const rows: [string, (e: RepresentativeExample) => string][] = [
      ['Interest', (e) => formatPence(e.totalInterestPence)],
      ['Total payable', (e) => formatPence(e.totalRepayablePence)],
      // One amount when all are the same, otherwise each instalment, one per line.
      [
        'Instalment',
        (e) =>
          new Set(e.instalmentsPence).size === 1
            ? formatPence(e.instalmentsPence[0]!)
            : e.instalmentsPence.map(formatPence).join(' '),
      ],
      ['Fixed rate per year', (e) => formatRate(e.annualRatePercent)],
      ['Rate per day', (e) => formatRate(e.dailyRatePercent)],
      ['Representative APR', (e) => formatApr(e.aprPercent)],
    ];
    await expect(table.getByRole('rowheader')).toHaveText(rows.map(([figure]) => figure));
    await expect(table.getByRole('cell')).toHaveText(
      rows.flatMap(([, show]) => [show(standard), show(provider)]),
      { useInnerText: true },
    );
    await expectNoSeriousA11yViolations(page);
  });
});

/** The applicant's quote inputs, as the API holds them. */
async function quoteInputs(request: APIRequestContext, token: string) {
  const response = await request.post('/api/Register/GetQuote', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { object: Quote }).object;
}

/** What the quote screen must show for these inputs: the engine's own figures for today. */
function engineQuote(inputs: Pick<Quote, 'amount' | 'period' | 'repaymentDate' | 'wageFrequencyID'>) {
  return buildQuote({
    amountPence: poundsToPence(inputs.amount),
    period: inputs.period,
    repaymentDate: inputs.repaymentDate,
    wageFrequencyId: inputs.wageFrequencyID,
    dailyRate: DAILY_RATE_STANDARD,
    today: londonToday(),
  });
}

test.describe('The quote screen', () => {
  test("shows the engine's schedule, total and APR for the applicant's inputs, and after Calculate", async ({
    page,
    request,
  }) => {
    const tokens = await startApplication(request);
    const inputs = await quoteInputs(request, tokens.token);
    await signIn(page, { tokens });
    await page.goto('/loan/pre-approved');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote');
    const results = page.getByRole('region', { name: 'Your repayments' });
    await expectQuoteShows(results, engineQuote(inputs), inputs.period);
    await expect(results.getByText('Representative APR')).toHaveCount(0);
    // On a phone as on a desktop, the figures come before the inputs that change them.
    const figuresTop = (await results.boundingBox())!.y;
    expect(figuresTop).toBeLessThan((await page.getByLabel('Amount (£)').boundingBox())!.y);
    await expectNoSeriousA11yViolations(page);

    // Another number of instalments: a last instalment that differs, priced by the engine the same way.
    const period = inputs.period === 4 ? 5 : 4;
    await page.getByLabel('Number of monthly instalments').selectOption(String(period));
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByRole('button', { name: 'Calculate' })).toHaveCount(0);
    await expectQuoteShows(results, engineQuote({ ...inputs, period }), period);
  });
});
