import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { startApplication, type Tokens } from '../support/api';
import { applicationAt, type ReachedStatus } from '../support/application-at';
import { ALSO_ON_PHONE, BRAND_NAME, expectSiteChrome, mainHeadings } from '../support/layout';
import { signIn } from '../support/session';

const APP_GUID = '3f2c8e8a-5b7d-4c1e-9a2f-6d4b8c0e1a7b';

type RouteCase = {
  path: string;
  /** The one h1 the screen shows, as a person reads it. */
  heading: string | RegExp;
  /** Where the browser should end up, when it is not `path`. */
  landsOn?: string;
  signedIn?: boolean;
  legal?: boolean;
  /** The page loads the customer's data, so it needs a session the API accepts, not a faked one. */
  realSession?: boolean;
  /** A real session whose application the API has taken to this status (the screen's own). */
  atStatus?: ReachedStatus;
};

/** Each information page of spec section 2 and its heading. */
const INFO_PAGES: [path: string, heading: string][] = [
  ['our-commitment', 'Our commitment'],
  ['costs', 'Costs'],
  ['troubleshooting', 'Troubleshooting'],
  ['faqs', 'Frequently asked questions'],
  ['faqs/general-questions', 'General questions'],
  ['faqs/application-form-questions', 'Application form questions'],
  ['faqs/underwriting-questions', 'Underwriting questions'],
  ['faqs/post-contract-repayment-questions', 'Repayment questions'],
  ['privacy-policy', 'Privacy policy'],
  ['privacy-policy-draft', 'Privacy policy: next version (draft)'],
  ['terms-of-use', 'Terms of use'],
  ['complaints-policy', 'Complaints policy'],
  ['responsible-lending', 'Responsible lending'],
  ['ccta-code-of-practice', 'CCTA code of practice'],
  ['cookies', 'Cookies'],
  ['comprehensive-loan-guid', 'Comprehensive loan guide'],
];

const DISCOUNT = /^Claim Your Special \d+% Discount!$/;

/** Every route of spec section 2, as the visitor it is meant for. */
const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Small loans from £1 to £1,000' },
  { path: '/error', heading: 'Error Occured' },
  { path: '/error?esign=true', heading: 'Error Occured' },
  { path: '/not-found', heading: 'Page not found' },
  { path: '/maintenance', heading: 'We will be back soon' },
  { path: '/loan/stage1?amount=300&months=3&product=11', heading: 'Apply for £300.00' },
  { path: '/loan/success', heading: 'Thank you, your application is complete' },
  // No lead has this guid: LeadLanded answers 210, the e-sign error page (spec section 8). A real lead's
  // landing is lead-provider.spec.ts's.
  { path: `/loan/lead-provider/${APP_GUID}`, heading: 'Error Occured', landsOn: '/error' },
  // No application has this guid: the e-sign link of esign.spec.ts's applicants opens the real page.
  { path: `/loan/stage5/${APP_GUID}`, heading: 'Error Occured', landsOn: '/error' },
  { path: '/login', heading: 'Welcome to Your Account' },
  { path: '/login-returning-customers', heading: DISCOUNT },
  { path: '/login-discount', heading: DISCOUNT },
  { path: '/forgot-password', heading: 'Forgot Password' },
  { path: '/reset-password/sometoken', heading: 'Reset Password' },
  { path: '/emailverification', heading: 'E-mail verification' },
  { path: '/info', heading: 'Information' },
  ...INFO_PAGES.map(([path, heading]) => ({ path: `/info/${path}`, heading })),

  { path: '/loan/pre-approved', heading: 'Your quote', signedIn: true, realSession: true },
  { path: '/loan/stage2', heading: 'Debit Card Check', signedIn: true, atStatus: 'offerAccepted' },
  { path: '/loan/stage3', heading: 'Affordability check', signedIn: true, atStatus: 'cardAccepted' },
  {
    path: '/loan/stage4',
    heading: 'Affordability check',
    signedIn: true,
    atStatus: 'applicationCompleted',
  },
  { path: '/account', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/contact-details', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/change-password', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/change-email', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/change-mobile', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/change-address', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/account/documents', heading: 'Contact Details', signedIn: true, realSession: true },
  { path: '/borrow', heading: 'Application/Loan status', signedIn: true, realSession: true },
  // Its application has not ended: borrow/apply sends it to the status's own screen (spec section 4); the
  // form itself is repeat-loan.spec.ts's.
  {
    path: '/borrow/apply',
    heading: 'Your quote',
    signedIn: true,
    realSession: true,
    landsOn: '/loan/pre-approved',
  },
  { path: '/borrow/schedule', heading: 'Repayment schedule', signedIn: true, realSession: true },
  { path: '/borrow/payment', heading: 'Make a payment', signedIn: true, realSession: true },
  { path: '/borrow/update-card', heading: 'Add a card', signedIn: true, realSession: true },
  // The browser's flag opens the route; the server, which has not flagged this account, says so on the page.
  { path: '/pre-claim', heading: 'Pre Claim', signedIn: true, legal: true, realSession: true },
];

/** Waits until the lazily loaded page (and any data it loads first) has replaced its busy placeholder. */
async function settled(page: Page) {
  const main = page.getByRole('main');
  await expect(main).toBeAttached();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The row's session: at its status, or a new application's, or none (signIn's fakes) for the guards. */
async function sessionFor(route: RouteCase, request: APIRequestContext): Promise<Tokens | undefined> {
  if (route.atStatus) return (await applicationAt(request, route.atStatus)).tokens;
  return route.realSession ? startApplication(request) : undefined;
}

for (const route of ROUTES) {
  const who = route.signedIn ? (route.legal ? 'legal customer' : 'signed-in customer') : 'visitor';
  test(`${route.path} as ${who}`, ALSO_ON_PHONE, async ({ page, request }) => {
    if (route.signedIn) {
      const tokens = await sessionFor(route, request);
      await signIn(page, { legal: route.legal ?? false, ...(tokens ? { tokens } : {}) });
    }
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    const landsOn = route.landsOn ?? route.path.split('?')[0];
    await expect(page).toHaveURL((url) => url.pathname === landsOn);

    // The heading alone could be a loading placeholder's (the quote's is the same): wait for the page.
    await settled(page);
    const h1 = mainHeadings(page);
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(route.heading);
    await expect(page).toHaveTitle(new RegExp(`\\| ${BRAND_NAME}$`));

    await expectSiteChrome(page);
    await expectNoSeriousA11yViolations(page);
    // Still there: a page that rejects its session or its data sends the browser elsewhere after a moment.
    expect(new URL(page.url()).pathname, 'the page kept the visitor').toBe(landsOn);
  });
}

test('/loan sends the visitor on to the application form', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/loan');
  await expect.poll(() => visited).toContain('/loan/stage1');
  // Without a chosen loan the form may send the visitor home; either way /loan itself is not kept.
  await expect(page).toHaveURL((url) => url.pathname === '/loan/stage1' || url.pathname === '/');
});

test('/error?esign=true explains the e-sign e-mail', async ({ page }) => {
  await page.goto('/error?esign=true');
  await expect(page.getByRole('main')).toContainText('Application e-Sign process');
  await page.goto('/error');
  await expect(page.getByRole('main')).toContainText('An error occurred while processing your application');
});
