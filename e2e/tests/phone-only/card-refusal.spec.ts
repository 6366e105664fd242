import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { signedInWithLiveLoan } from '../../support/live-loan';
import { startPayingTotal } from '../../support/payment';
import { TEST_SECRETS } from '../../support/secrets';
import { fillCard, signInAt } from '../../support/stage-forms';

/*
 * Issue 31 at 360 px: a refused card check says why in plain words and what to do, and 'Try again' takes
 * the applicant back to the card number: at stage 2, and in a payment by a new card (the other card
 * screens show the same notice, CardRefusalNotice, and have its unit tests).
 */

/** The sandbox's test cards (docs/decisions/014): refused by the issuer, and expired. */
const DECLINED_CARD = TEST_SECRETS.cardNumbers[3];
const EXPIRED_CARD = TEST_SECRETS.cardNumbers[6];

const refusal = (page: Page) => page.getByRole('alert');

/** The issuer's refusal in plain words, focused, with no provider jargon; Try again goes to the card number. */
async function expectIssuerRefusalThenTryAgain(page: Page) {
  await expect(refusal(page)).toContainText('Your bank did not approve this card.');
  await expect(refusal(page)).toContainText('use another debit card in your own name');
  await expect(refusal(page)).not.toContainText('Do not honour');
  await expect(refusal(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await refusal(page).getByRole('button', { name: 'Try again' }).tap();
  await expect(page.getByLabel('Card number', { exact: true })).toBeFocused();
}

test('a refused card at stage 2 says why, what to do, and Try again returns to the card number', async ({
  page,
  request,
}) => {
  await signInAt(page, request, 'offerAccepted');
  await page.goto('/loan/stage2');
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Next' }).tap();

  await expectIssuerRefusalThenTryAgain(page);

  await fillCard(page, EXPIRED_CARD);
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(refusal(page)).toContainText('This card has expired.');
  await expect(refusal(page)).toContainText('Check the expiry date');
  await expect(refusal(page)).not.toContainText('Expired card.');
});

test('a refused new card in a payment says why in the same words, and Try again returns to the card number', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInWithLiveLoan(page, request);
  await startPayingTotal(page);
  await page.getByRole('radio', { name: 'A new debit card' }).tap();
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Submit' }).tap();

  await expectIssuerRefusalThenTryAgain(page);
});
