import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y';
import { applicationAt } from '../../support/application-at';
import { signByApi } from '../../support/esign-api';
import { ops } from '../../support/ops';
import { signingLinkFor } from '../../support/outbox';
import { outliveSigningLinks } from '../../support/signing-link-age';

/*
 * Issue 31 at 360 px: the e-mailed signing link, opened again once the application has moved on, says
 * what became of it and what to do, instead of the e-sign error page that asks to press that same link.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const signInLink = (page: Page) => page.getByRole('main').getByRole('link', { name: /sign in/i });
const onItsOwnPage = (page: Page, appGuid: string) =>
  expect(page).toHaveURL((url) => url.pathname === `/loan/stage5/${appGuid}`);

test("a signed application's link says it is signed, what happens next, and leads to sign-in", async ({
  page,
  request,
}) => {
  const { appGuid, applicant } = await applicationAt(request, 'esignSent');
  const link = await signingLinkFor(request, applicant.email);
  await signByApi(request, applicant);

  await page.goto(link);
  await onItsOwnPage(page, appGuid!);
  await expect(heading(page)).toHaveText('Your loan agreement is signed');
  const main = page.getByRole('main');
  await expect(main).toContainText('There is nothing more to sign');
  await expect(main).toContainText('we will e-mail you our decision');
  await expect(main).toContainText('within 15 minutes');
  await expect(main).not.toContainText('press the link');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  await signInLink(page).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('an offer whose link has lived its 14 days says it has expired and how to carry on', async ({
  page,
  request,
}) => {
  const { appGuid, applicant } = await applicationAt(request, 'esignSent');
  const link = await signingLinkFor(request, applicant.email);
  outliveSigningLinks(appGuid!);

  await page.goto(link);
  await onItsOwnPage(page, appGuid!);
  await expect(heading(page)).toHaveText('This signing link has expired');
  await expect(page.getByRole('main')).toContainText('Sign in to your account');
  await expect(signInLink(page)).toHaveAttribute('href', '/login');
  await expectNoSeriousA11yViolations(page);
});

test("a declined application's link says it was not approved, and where to ask", async ({
  page,
  request,
}) => {
  // A home in Scotland is referred to a person at underwriting (docs/decisions/023), who declines it here.
  const { appGuid, applicant } = await applicationAt(request, 'esignSent', {
    stage1: {
      postCode: 'EH1 1YZ',
      town: 'Edinburgh',
      county: 'Midlothian',
      street: 'High Street',
      houseNumber: '1',
      address: '1 High Street, Edinburgh, EH1 1YZ',
    },
  });
  const link = await signingLinkFor(request, applicant.email);
  await signByApi(request, applicant);
  await expect
    // Each look starts the ops command (seconds on a busy machine); underwriting itself takes a few too.
    .poll(() => ops('underwriting', 'list'), {
      message: 'the signed application is referred',
      timeout: 20_000,
    })
    .toContain(`${appGuid}  referred to a person`);
  await ops('underwriting', 'decline', appGuid!, '--reason', 'Lives outside England and Wales.');

  await page.goto(link);
  await onItsOwnPage(page, appGuid!);
  await expect(heading(page)).toHaveText('We cannot lend to you this time');
  const main = page.getByRole('main');
  await expect(main).toContainText('nothing is owed');
  await expect(main).toContainText('020 7946 0123');
  await expectNoSeriousA11yViolations(page);
});

test('a link we never made still goes to the e-sign error page', async ({ page }) => {
  await page.goto('/loan/stage5/00000000-0000-4000-8000-000000000000#not-a-token');
  await expect(page).toHaveURL((url) => url.pathname === '/error' && url.search === '?esign=true');
});
