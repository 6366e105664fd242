import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DAILY_RATE_PROVIDER, DAILY_RATE_STANDARD } from '@lender/contract/constants';
import { londonToday } from '@lender/contract/dates';
import { formatPence } from '@lender/contract/money';
import { buildQuote } from '@lender/contract/pricing/quote';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { startApplication } from '../support/api';
import { ALSO_ON_PHONE, mainHeadings } from '../support/layout';
import { signingLinkFor, smsCodeFor, verificationLinkFor } from '../support/outbox';
import { addPartner, postPartnerLead } from '../support/partner-lead';
import { TEST_SECRETS } from '../support/secrets';
import { signIn, storedSession } from '../support/session';
import { fillCard } from '../support/stage-forms';

const CHALLENGE_CARD = TEST_SECRETS.cardNumbers[2];

/**
 * The applicant's proof on the landing page (issue 45): a code by text message, read from the dev outbox
 * as the person reads their phone, typed and sent by the keyboard. `smsBefore`: texts already sent to
 * that mobile.
 */
async function proveItIsMe(page: Page, request: APIRequestContext, mobile: string, smsBefore = 0) {
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  await page.getByRole('button', { name: 'Text me a code' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeVisible();
  await code.focus();
  await page.keyboard.type(await smsCodeFor(request, mobile, smsBefore + 1));
  await page.keyboard.press('Enter');
}

/** The quote the engine gives for the page's choices at `dailyRate`, on today's London date. */
async function engineQuote(page: Page, amountPounds: number, period: number, dailyRate: number) {
  return buildQuote({
    amountPence: amountPounds * 100,
    period,
    repaymentDate: await page.getByLabel('Repayment start date').inputValue(),
    wageFrequencyId: Number(await page.getByLabel('Wage frequency').inputValue()),
    dailyRate,
    today: londonToday(),
  });
}

test.describe('Partner leads', () => {
  test(
    'a partner posts a lead; the visitor lands signed out, recalculates, passes 3-D Secure, signs and finishes',
    ALSO_ON_PHONE,
    async ({ page, request }) => {
      test.setTimeout(150_000);
      // Someone else was signed in on this browser: the landing page signs them out (spec section 6).
      await signIn(page, { tokens: await startApplication(request), firstName: 'Alex' });

      const { key } = await addPartner();
      const { lead, answer } = await postPartnerLead(request, key, { amount: 300, instalments: 6 });
      expect(answer).toMatchObject({ decision: 'accepted', reason: null });
      const landing = new URL(answer.redirectUrl!);
      expect(landing.pathname).toBe(`/loan/lead-provider/${answer.appGuid}`);

      await page.goto(landing.pathname);
      await expect(mainHeadings(page)).toHaveText(`Hello ${lead.firstName}, your personalised loan offer`);
      await expect.poll(() => storedSession(page)).toEqual({ token: null, refreshToken: null });
      // The link alone shows the first name only: the offer waits for the code sent to the applicant.
      await expect(page.getByText(lead.lastName)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await proveItIsMe(page, request, lead.mobile);
      await expect(
        page.getByText('We are a direct lender, and you have passed our initial assessment.'),
      ).toBeVisible();
      // The partner's 6 instalments load as 4 (spec section 4's clamp).
      await expect(page.getByLabel('Number of monthly instalments')).toHaveValue('4');
      await expectNoSeriousA11yViolations(page);

      // The amount moves by the keyboard in £50 steps; Calculate prices at the partner's tier.
      const slider = page.getByRole('slider', { name: 'Loan amount' });
      await expect(slider).toHaveValue('300');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveValue('400');
      await page.getByLabel('Number of monthly instalments').selectOption('3');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('Press Calculate to see your new figures.')).toHaveCount(0);
      const quote = await engineQuote(page, 400, 3, DAILY_RATE_PROVIDER);
      const standard = await engineQuote(page, 400, 3, DAILY_RATE_STANDARD);
      expect(quote.totalRepayablePence, 'the tier has its own price').toBeLessThan(
        standard.totalRepayablePence,
      );
      const figures = page.getByRole('region', { name: 'Your repayments' });
      await expect(figures).toContainText(`Credit charge${formatPence(quote.totalInterestPence)}`);
      await expect(figures).toContainText(`Total to pay${formatPence(quote.totalRepayablePence)}`);

      // The card is checked with the bank's challenge, never charged; back from the bank, on to e-sign.
      await fillCard(page, CHALLENGE_CARD);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/sandbox/card-provider/challenge');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${answer.appGuid}`, {
        timeout: 20_000,
      });
      expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });

      // The e-sign e-mail is the way on: its link, its verification, the SMS code, the signature.
      const signingLink = await signingLinkFor(request, lead.email);
      await page.goto(signingLink);
      await expect(mainHeadings(page)).toHaveText('Sign your loan agreement');
      await page.goto(await verificationLinkFor(request, lead.email));
      await expect(page.getByText('Verified, can close this page.')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${answer.appGuid}`, {
        timeout: 6_000,
      });
      await expect(page.getByText('The email was confirmed!')).toBeVisible();
      // The landing code was the first text; e-sign's is the second.
      await page.getByLabel('SMS code', { exact: true }).fill(await smsCodeFor(request, lead.mobile, 2));
      await page.getByRole('checkbox', { name: /^I confirm that I have read the pre-contract/ }).check();
      await page.getByRole('checkbox', { name: /^I confirm that the financial information/ }).check();
      await page.getByRole('button', { name: 'Let’s Proceed' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/loan/success');
    },
  );

  test('once the applicant has proved it is them, the link opened in a second browser goes to the e-sign error page, and the first browser keeps it', async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers and a text message: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const { key } = await addPartner();
    const { lead, answer } = await postPartnerLead(request, key);
    await page.goto(`/loan/lead-provider/${answer.appGuid}`);
    await expect(mainHeadings(page)).toHaveText(/^Hello .+, your personalised loan offer$/);
    await proveItIsMe(page, request, lead.mobile);
    await expect(page.getByRole('slider', { name: 'Loan amount' })).toBeVisible();

    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(`/loan/lead-provider/${answer.appGuid}`);
    await expect(other).toHaveURL((url) => url.pathname === '/error' && url.search === '?esign=true');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Error Occured');
    await elsewhere.close();

    // The first browser still has its landing, until it submits, without a second code.
    await page.reload();
    await expect(mainHeadings(page)).toHaveText(/^Hello .+, your personalised loan offer$/);
    await expect(page.getByRole('slider', { name: 'Loan amount' })).toBeVisible();
  });
});
