import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { errorSummary, fieldError } from '../support/form-errors';
import { rememberSecret, TEST_SECRETS } from '../support/secrets';
import { fillCard, signInAt } from '../support/stage-forms';
import { ALSO_ON_PHONE } from '../support/layout';

/** The sandbox's test cards (docs/decisions/014), from the list the secrets-at-rest check looks for. */
const [FRICTIONLESS, OTHER_CARD, CHALLENGE_CARD, DECLINED_CARD, SLOW_FINGERPRINT_CARD] =
  TEST_SECRETS.cardNumbers;

const STAGE2_MESSAGES = [
  'Please enter a valid card number.',
  'Please enter a valid security code.',
  'Please enter your name on card.',
  'Please enter a valid expiry date.',
];
/** The summary's lines: each message, led by its field's name where it does not say it (decision 037). */
const STAGE2_LINES = [
  'Please enter a valid card number.',
  'CVV2: Please enter a valid security code.',
  'Please enter your name on card.',
  'Please enter a valid expiry date.',
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/**
 * The provider's key of every card the page checks goes to the secrets-at-rest check: with it a check
 * can be confirmed, so neither our server's log nor its database may hold it.
 */
function rememberProviderKeys(page: Page) {
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/sandbox/card-provider/tokenise') return;
    response
      .json()
      .then(({ key }: { key: string | null }) => key && rememberSecret('card provider key', key))
      // A page closed before the answer was read has checked no card.
      .catch(() => undefined);
  });
}

/** An applicant whose quote is accepted, on the card check. */
async function openCardCheck(page: Page, request: APIRequestContext) {
  rememberProviderKeys(page);
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  await expect(heading(page)).toHaveText('Debit Card Check');
  await expect(next(page)).toBeVisible();
}

/** The card check went through: the applicant is on the affordability questions. */
async function expectOnStage3(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/loan/stage3');
  await expect(heading(page)).toHaveText('Affordability check');
  await expect(page.getByLabel('Do you own the home?', { exact: true })).toBeVisible();
}

/**
 * The paths the tab's top frame shows, in order (the challenge leaves the application and comes back).
 * A change of the query alone (the page clearing the bank's answer) is no new path.
 */
function pathsVisited(page: Page) {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && visited.at(-1) !== path) visited.push(path);
  });
  return visited;
}

test.describe('New-customer application, part 2: the card check', () => {
  test('a card that needs no 3-D Secure challenge goes straight on to the affordability check', async ({
    page,
    request,
  }) => {
    await openCardCheck(page, request);
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await fillCard(page, FRICTIONLESS);
    await next(page).click();
    await expectOnStage3(page);
  });

  test(
    "a card with a 3-D Secure challenge goes to the bank's page and, confirmed there, comes back and goes on",
    ALSO_ON_PHONE,
    async ({ page, request }) => {
      await openCardCheck(page, request);
      const visited = pathsVisited(page);
      await fillCard(page, CHALLENGE_CARD);
      await next(page).click();

      await expect(page).toHaveURL((url) => url.pathname === '/sandbox/card-provider/challenge');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm the card check');
      await expect(page.getByText('Card ending in 3220')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm' }).click();

      await expectOnStage3(page);
      const challenge = visited.indexOf('/sandbox/card-provider/challenge');
      expect(visited.slice(challenge + 1), 'back on the card check, then on').toEqual([
        '/loan/stage2',
        '/loan/stage3',
      ]);
    },
  );

  test('a failed challenge says in plain words that the bank did not approve the card, and another card goes through', async ({
    page,
    request,
  }) => {
    await openCardCheck(page, request);
    await fillCard(page, CHALLENGE_CARD);
    await next(page).click();
    await expect(page).toHaveURL((url) => url.pathname === '/sandbox/card-provider/challenge');
    await page.getByRole('button', { name: 'Fail the check' }).click();

    // Back without the bank's answer in the address bar: the page has asked our server and shows its words.
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage2' && url.search === '');
    await expect(page.getByRole('alert')).toContainText(
      'Your bank did not approve this card. Please ask your bank why, or use another debit card in your own name.',
    );
    await expect(heading(page)).toHaveText('Debit Card Check');

    await fillCard(page, OTHER_CARD);
    await next(page).click();
    await expectOnStage3(page);
  });

  test('a declined card says why in plain words and what to do, and a retry with another card goes on', async ({
    page,
    request,
  }) => {
    await openCardCheck(page, request);
    await fillCard(page, DECLINED_CARD);
    await next(page).click();

    const message = page.getByRole('alert');
    await expect(message).toContainText('Your bank did not approve this card.');
    await expect(message).not.toContainText('Do not honour');
    // The message takes focus, so a screen reader reads it at once.
    await expect(message).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage2');
    // A new attempt is a new check: the security code is typed again, the rest is kept.
    await expect(page.getByLabel('CVV2', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Name on card', { exact: true })).toHaveValue('Jane Doe');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Card number', { exact: true }).fill(FRICTIONLESS);
    await page.getByLabel('CVV2', { exact: true }).fill(TEST_SECRETS.securityCode);
    await next(page).click();
    await expectOnStage3(page);
  });

  test('an empty card check shows each message of the spec; No to the home address asks for the billing address', async ({
    page,
    request,
  }) => {
    await openCardCheck(page, request);
    await expect(page.getByLabel('Billing address')).toHaveCount(0);
    await next(page).click();

    for (const message of STAGE2_MESSAGES) await expect(fieldError(page, message)).toBeVisible();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page).getByRole('link')).toHaveText(STAGE2_LINES);
    await expect(page.getByLabel('Card number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL((url) => url.pathname === '/loan/stage2');
    await expectNoSeriousA11yViolations(page);

    await page
      .getByRole('group', { name: 'Is your card address the same as your home address?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await expect(page.getByLabel('Post code', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Billing address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find address' })).toBeVisible();
    await next(page).click();
    await expect(errorSummary(page).getByRole('link')).toHaveText([
      ...STAGE2_LINES,
      'Please enter a valid post code',
      'Please enter your billing address',
    ]);
    await expect(fieldError(page, 'Please enter your billing address')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Yes again: the billing block and its messages go.
    await page.getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByLabel('Billing address')).toHaveCount(0);
    await expect(fieldError(page, 'Please enter your billing address')).toHaveCount(0);
  });

  test('a fingerprint page that does not answer within 3 seconds does not stop the check', async ({
    page,
    request,
  }) => {
    await openCardCheck(page, request);
    await fillCard(page, SLOW_FINGERPRINT_CARD);
    const started = Date.now();
    const submitted = page.waitForRequest('**/api/Register/SubmitStage2');
    await next(page).click();
    await expect(
      page.getByText('Checking your card with your bank. Please do not close this page.'),
    ).toBeVisible();
    const stage2 = await submitted;
    // The page gave up on the frame (the sandbox answers it after 5 s) and says so to our server.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(stage2.postDataJSON()).toMatchObject({ isSignature: false });
    await expectOnStage3(page);
  });
});
