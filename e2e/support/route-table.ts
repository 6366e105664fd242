import type { ReachedStatus } from './application-at';

export const APP_GUID = '3f2c8e8a-5b7d-4c1e-9a2f-6d4b8c0e1a7b';

export type RouteCase = {
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
export const INFO_PAGES: [path: string, heading: string][] = [
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

export const DISCOUNT = /^Claim Your Special \d+% Discount!$/;

/** Every route of spec section 2, as the visitor it is meant for. */
export const ROUTES: RouteCase[] = [
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
  { path: '/account/documents', heading: 'Your documents', signedIn: true, realSession: true },
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
