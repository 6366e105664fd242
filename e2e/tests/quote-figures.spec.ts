import { expect, test, type Page } from '@playwright/test';
import { DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import { poundsToPence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { expectQuoteShows } from '../support/quote-screen';
import { rememberSecret } from '../support/secrets';
import { storedSession } from '../support/session';
import { fillStage1, newApplicant, pickLoanOnHome } from '../support/stage1-form';

/** What the applicant chose, as the quote's inputs: the amount in whole pounds, as typed. */
type Choice = { amountPounds: number; period: number; repaymentDate: string; wageFrequencyId: number };

/** The engine's quote for the applicant's choice on today's London date, at the rate of a direct visitor. */
const engineQuote = (c: Choice) =>
  buildQuote({
    amountPence: poundsToPence(c.amountPounds),
    period: c.period,
    repaymentDate: c.repaymentDate,
    wageFrequencyId: c.wageFrequencyId,
    dailyRate: DAILY_RATE_STANDARD,
    today: londonToday(),
  });

/** Presses Calculate and waits until the new quote is on the screen (the button goes once it is). */
async function calculate(page: Page) {
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByRole('button', { name: 'Calculate' })).toHaveCount(0);
}

/*
 * The quote an applicant reaches through the form, checked against the pricing engine for the inputs the
 * applicant chose on the pages (not read back from the API, which could agree with a wrong screen).
 */
test("the quote after stage1 shows the engine's figures for what the applicant chose, and after each change", async ({
  page,
}) => {
  await pickLoanOnHome(page);
  await fillStage1(page, newApplicant());
  let choice: Choice = {
    amountPounds: 300,
    period: 3,
    repaymentDate: await page.getByLabel('Start of repayments').inputValue(),
    wageFrequencyId: Number(await page.getByLabel('Wage frequency', { exact: true }).inputValue()),
  };
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/loan\/pre-approved$/);
  const tokens = await storedSession(page);
  rememberSecret('access token', tokens.token!);
  rememberSecret('refresh token', tokens.refreshToken!);

  const results = page.getByRole('region', { name: 'Your repayments' });
  const offer = page.getByText(/^we are happy to offer you/);
  await expect(offer).toHaveText(
    'we are happy to offer you £300.00, for 3 months, subject to affordability assessment',
  );
  await expectQuoteShows(results, engineQuote(choice), choice.period);

  // Each input changed on its own, as a person tries one thing at a time.
  await page.getByLabel('Amount (£)').fill('475');
  await calculate(page);
  choice = { ...choice, amountPounds: 475 };
  await expect(offer).toHaveText(
    'we are happy to offer you £475.00, for 3 months, subject to affordability assessment',
  );
  await expectQuoteShows(results, engineQuote(choice), choice.period);

  await page.getByLabel('Number of monthly instalments').selectOption('5');
  await calculate(page);
  choice = { ...choice, period: 5 };
  await expectQuoteShows(results, engineQuote(choice), choice.period);

  const date = page.getByLabel('Repayment start date');
  const options = await date
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  // The last date offered: the furthest from the first choice, so a stale date cannot pass for it.
  const later = options.at(-1)!;
  expect(later, 'a later date than the one chosen at stage1').not.toBe(choice.repaymentDate);
  await date.selectOption(later);
  await calculate(page);
  choice = { ...choice, repaymentDate: later };
  await expectQuoteShows(results, engineQuote(choice), choice.period);
});
