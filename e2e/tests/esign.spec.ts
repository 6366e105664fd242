import { expect, test, type Page, type Response } from '@playwright/test';
import { TIMINGS } from '@lender/contract/timings';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { applicationAt } from '../support/application-at';
import { errorSummary, fieldError } from '../support/form-errors';
import { signingLinkFor, smsCodeFor, smsCount, verificationLinkFor } from '../support/outbox';
import { rememberSecret, TEST_SECRETS } from '../support/secrets';
import { storedSession } from '../support/session';
import { fillCard, fillStage3Basics } from '../support/stage-forms';
import { fillStage1, newApplicant, pickLoanOnHome } from '../support/stage1-form';
import { ALSO_ON_PHONE } from '../support/layout';

/** The spec's dialog titles and the contract of GetEsign each one shows. */
const DOCUMENTS = [
  ['Loan Agreemant', 'contract3'],
  ['Adequate Explanation', 'contract1'],
  ['PCCI', 'contract2'],
] as const;
type Agreements = Record<(typeof DOCUMENTS)[number][1], string>;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const proceed = (page: Page) => page.getByRole('button', { name: 'Let’s Proceed' });
const smsCode = (page: Page) => page.getByLabel('SMS code', { exact: true });
const emailStatus = (page: Page) =>
  page.getByText(/^(Waiting for confirmation\.\.\.|The email was confirmed!)$/);
/** A refusal's red banner (the error summary is an alert too, titled 'There is a problem'). */
const banner = (page: Page) => page.getByRole('alert').filter({ hasNotText: 'There is a problem' });

async function tickDeclarations(page: Page) {
  await page.getByRole('checkbox', { name: /^I confirm that I have read the pre-contract/ }).check();
  await page.getByRole('checkbox', { name: /^I confirm that the financial information/ }).check();
}

/** A code of six digits that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The agreements GetEsign served to this page, read off the wire. */
const servedAgreements = async (response: Promise<Response>) =>
  ((await (await response).json()) as { object: Agreements }).object;

/** Matches the response of the API call `action` of the Register controller. */
const apiCall = (action: string) => (r: Response) => new URL(r.url()).pathname === `/api/Register/${action}`;

/** The errorMessage of a refused call's envelope. */
const errorMessageOf = async (response: Promise<Response>) =>
  ((await (await response).json()) as { error: { errorMessage: string } }).error.errorMessage;

/** The figures a document shows: amounts, rates and dates, as they appear in the HTML served. */
function figuresIn(html: string): string[] {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&pound;|&#163;/g, '£');
  return [...new Set(text.match(/£[\d,]+\.\d{2}|\d+(?:\.\d+)?%|\d{2}-\d{2}-\d{4}/g) ?? [])];
}

/** The e-sign page of an application that waits for it, reached through the API, and its contacts. */
async function openEsign(page: Page, request: Parameters<typeof applicationAt>[0]) {
  const { appGuid, applicant } = await applicationAt(request, 'esignSent');
  const served = page.waitForResponse(apiCall('GetEsign'));
  // The link as the e-mail gives it: the guid alone would open nothing.
  await page.goto(await signingLinkFor(request, applicant.email));
  await expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${appGuid}` && url.hash === '');
  await expect(heading(page)).toHaveText('Sign your loan agreement');
  await expect(proceed(page)).toBeVisible();
  return { appGuid: appGuid!, applicant, agreements: await servedAgreements(served) };
}

test.describe('New-customer application, part 3: e-sign', () => {
  test(
    'home -> stages 1 to 4 -> e-sign with the SMS code and the e-mail link -> success',
    ALSO_ON_PHONE,
    async ({ page, request }) => {
      test.setTimeout(90_000);
      const applicant = newApplicant();
      await pickLoanOnHome(page);
      await fillStage1(page, applicant);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/loan\/pre-approved$/);
      const tokens = await storedSession(page);
      rememberSecret('access token', tokens.token!);
      rememberSecret('refresh token', tokens.refreshToken!);
      await page.getByRole('button', { name: 'Accept Quote >' }).click();

      await expect(heading(page)).toHaveText('Debit Card Check');
      await fillCard(page, TEST_SECRETS.cardNumbers[0]);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page).toHaveURL((url) => url.pathname === '/loan/stage3');
      const livedThere = page.getByLabel('How long have you lived there?');
      await expect(livedThere.getByRole('option', { name: 'More than 5 years' })).toHaveCount(1);
      await livedThere.selectOption({ label: 'More than 5 years' });
      await page.getByLabel('Employment status', { exact: true }).selectOption({ label: 'Retired' });
      await fillStage3Basics(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page).toHaveURL((url) => url.pathname === '/loan/stage4');
      await page.getByLabel('Sort code', { exact: true }).fill('12-34-56');
      await page.getByLabel('Account number', { exact: true }).fill(TEST_SECRETS.bankAccountNumber);
      await page.getByRole('button', { name: 'Submit' }).click();

      await expect(page).toHaveURL(/\/loan\/stage5\/[0-9a-f-]{36}$/);
      const esignUrl = page.url();
      await expect(heading(page)).toHaveText('Sign your loan agreement');
      await expect(emailStatus(page)).toHaveText('Waiting for confirmation...');
      await expectNoSeriousA11yViolations(page);

      // The codes went out when stage 4 completed; the applicant reads the SMS on their phone.
      const code = await smsCodeFor(request, applicant.mobile);
      await smsCode(page).fill(code);
      await tickDeclarations(page);
      const refused = page.waitForResponse(apiCall('SubmitStage5'));
      await proceed(page).click();
      // Not yet: the e-mail address is not confirmed, and the page says what the server said.
      await expect(banner(page)).toHaveText(await errorMessageOf(refused));
      await expect(banner(page)).toBeFocused();
      expect(page.url()).toBe(esignUrl);

      // The e-mail's link, opened in the same tab, confirms the address and comes back after 1 s.
      await page.goto(await verificationLinkFor(request, applicant.email));
      await expect(page.getByText('Verified, can close this page.')).toBeVisible();
      await expect(page).toHaveURL(esignUrl, { timeout: TIMINGS.verifiedReturnMs + 4_000 });
      await expect(emailStatus(page)).toHaveText('The email was confirmed!');
      await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toHaveCount(0);

      await smsCode(page).fill(otherThan(code));
      await tickDeclarations(page);
      await proceed(page).click();
      await expect(fieldError(page, 'Not Valid SMS Code')).toBeVisible();
      await expect(errorSummary(page)).toBeFocused();
      await expect(smsCode(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Please fill the missing information')).toHaveCount(0);

      await smsCode(page).fill(code);
      await proceed(page).click();
      await expect(page).toHaveURL((url) => url.pathname === '/loan/success');
      await expect(heading(page)).toHaveText('Thank you, your application is complete');
      await expect(page.getByText('There is no need to call us.', { exact: false })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Signed: the e-mailed link no longer opens e-sign; it says the agreement is signed (issue 31).
      await page.goto(await signingLinkFor(request, applicant.email));
      await expect(heading(page)).toHaveText('Your loan agreement is signed');
      await expect(proceed(page)).toHaveCount(0);
    },
  );

  test('the guid alone opens nothing: the page says to use the e-mailed link or log in', async ({
    page,
    request,
  }) => {
    const { appGuid, applicant } = await applicationAt(request, 'esignSent');
    const refused = page.waitForResponse(apiCall('GetEsign'));
    await page.goto(`/loan/stage5/${appGuid}`);
    expect((await (await refused).json()).error.errorID).toBe(224);
    await expect(
      page.getByRole('status').filter({ hasText: 'To sign, please open the link in the latest e-mail' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('main')).not.toContainText(applicant.email);
    await expect(page.getByRole('button', { name: 'Resend SMS code' })).toHaveCount(0);
    expect(await smsCount(request, applicant.mobile)).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  test('asks for what is missing, and says so beside the button', async ({ page, request }) => {
    await openEsign(page, request);
    await proceed(page).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(fieldError(page, 'Please enter sms code')).toBeVisible();
    await expect(fieldError(page, 'This field is required.')).toHaveCount(2);
    await expect(page.getByText('Please fill the missing information')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(
    'the documents open in dialogs that show the served figures, close with Escape and return focus',
    ALSO_ON_PHONE,
    async ({ page, request }) => {
      const { agreements } = await openEsign(page, request);
      const viewport = page.viewportSize()!;
      for (const [title, contract] of DOCUMENTS) {
        const figures = figuresIn(agreements[contract]);
        expect(figures.length, `${title} has figures`).toBeGreaterThan(0);
        const opener = page.getByRole('button', { name: title, exact: true });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        for (const figure of figures) await expect(dialog, `${title} shows ${figure}`).toContainText(figure);

        // It fits the screen, a phone's included, and its body is where reading starts.
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        await expect(dialog.getByRole('region', { name: title })).toBeFocused();
        if (title === 'Loan Agreemant') await expectNoSeriousA11yViolations(page);

        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      }
      // The Close button does the same.
      await page.getByRole('button', { name: 'PCCI', exact: true }).click();
      await page.getByRole('dialog', { name: 'PCCI' }).getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'PCCI', exact: true })).toBeFocused();
    },
  );

  test('HTML that could run, slipped into an agreement, is cleaned before it is shown', async ({
    page,
    request,
  }) => {
    const { appGuid } = await applicationAt(request, 'esignSent');
    const hostile =
      '<h2>Loan agreement</h2><p onclick="window.pwned = 1">Borrower: Jane</p>' +
      '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 1">' +
      '<a href="javascript:window.pwned = 1">Terms</a><p style="position: fixed; inset: 0">Cover</p>' +
      '<table><caption>Repayments</caption><tr><th scope="col">Date</th></tr></table>' +
      '<a href="https://www.financial-ombudsman.org.uk/">Financial Ombudsman Service</a>';
    await page.route('**/api/Register/GetEsign?*', (route) =>
      route.fulfill({
        json: {
          error: { errorID: 0, errorMessage: '' },
          object: { contract1: hostile, contract2: hostile, contract3: hostile },
        },
      }),
    );
    page.on('dialog', (d) => void d.dismiss());
    await page.goto(`/loan/stage5/${appGuid}`);
    await page.getByRole('button', { name: 'Loan Agreemant', exact: true }).click();
    const body = page.getByRole('dialog', { name: 'Loan Agreemant' }).getByRole('region', {
      name: 'Loan Agreemant',
    });
    await expect(body.getByRole('heading', { name: 'Loan agreement' })).toBeVisible();
    await expect(body).toContainText('Borrower: Jane');
    await expect(
      body.locator('script, img, [onclick], [onerror], [style], a[href^="javascript"]'),
    ).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    // A wide table scrolls on its own, by keyboard too; a link opens a new tab, and says so.
    await expect(body.getByRole('region', { name: 'Repayments' })).toHaveAttribute('tabindex', '0');
    const link = body.getByRole('link', { name: 'Financial Ombudsman Service (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
