import { Suspense, type ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { SignedInArea } from '../components/loan-state/signed-in-area';
import { AnonymousOnly, LegalOnly, SignedInOnly } from './guards';
import { page, preloadElement } from '../lib/lazy-page';

/** Every route of spec section 2. */
export function AppRoutes() {
  return <Routes>{ROUTES}</Routes>;
}

/**
 * Loads the modules of every route `pathname` matches (its layouts' lazy parts and its page), for a page
 * the browser draws itself (main.tsx): with them in, its first render draws the whole page and never
 * commits a Suspense fallback (lib/lazy-page.tsx). A module that fails to load is left to the render,
 * whose error boundary shows it as before.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(ROUTES), pathname) ?? [];
  await Promise.allSettled(matches.map((m) => preloadElement(m.route.element as ReactElement)));
}

// Made once: each `page(...)` is a lazy component of its own, which must not be made again on a render.
const ROUTES = (
  <>
    {/* The staff console (issue 48): its own routes, frame and chunks; none of it on a customer's page. */}
    <Route
      path="staff/*"
      element={<Suspense fallback={null}>{page(() => import('../features/staff/staff-routes'))}</Suspense>}
    />
    <Route element={<RootLayout />}>
      <Route element={<AnonymousOnly />}>
        <Route index element={page(() => import('../features/home/home-page'))} />
        <Route
          path="loan/stage1"
          element={page(() => import('../features/loan-application/stage1/stage1-page'))}
        />
        <Route
          path="loan/stage5/:appGuid"
          element={page(() => import('../features/loan-application/stage5/esign-page'))}
        />
        <Route path="login" element={page(() => import('../features/auth/login-page'))} />
        <Route path="login-returning-customers" element={page(() => import('../features/auth/login-page'))} />
        <Route path="login-discount" element={page(() => import('../features/auth/login-page'))} />
        <Route path="forgot-password" element={page(() => import('../features/auth/forgot-password-page'))} />
      </Route>
      {/* Signed-out only on arrival (the page checks): a completed reset signs in and stays to say so. */}
      <Route
        path="reset-password/:token"
        element={page(() => import('../features/auth/reset-password-page'))}
      />

      <Route path="error" element={page(() => import('../features/system/error-page'))} />
      <Route path="not-found" element={page(() => import('../features/system/not-found-page'))} />
      <Route path="maintenance" element={page(() => import('../features/system/maintenance-page'))} />
      <Route path="loan" element={<Navigate to="/loan/stage1" replace />} />
      <Route
        path="loan/success"
        element={page(() => import('../features/loan-application/success/success-page'))}
      />
      <Route
        path="loan/lead-provider/:appGuid"
        element={page(() => import('../features/lead-provider/lead-landing-page'))}
      />
      <Route
        path="confirm-email/:token"
        element={page(() => import('../features/account/confirm-email-page'))}
      />
      <Route
        path="emailverification"
        element={page(() => import('../features/email-verification/email-verification-page'))}
      />

      <Route element={<SignedInOnly />}>
        <Route
          path="loan/pre-approved"
          element={page(() => import('../features/loan-application/pre-approved/quote-page'))}
        />
        <Route
          path="loan/stage2"
          element={page(() => import('../features/loan-application/stage2/stage2-page'))}
        />
        <Route
          path="loan/stage3"
          element={page(() => import('../features/loan-application/stage3/stage3-page'))}
        />
        <Route
          path="open-banking/return"
          element={page(() => import('../features/open-banking/bank-return-page'))}
        />
        <Route
          path="loan/stage4"
          element={page(() => import('../features/loan-application/stage4/stage4-page'))}
        />
        {/* The customer's account and loan: every page says where the loan stands. */}
        <Route element={<SignedInArea />}>
          <Route path="account" element={page(() => import('../features/account/account-layout'))}>
            <Route index element={page(() => import('../features/account/contact-details-page'))} />
            <Route
              path="contact-details"
              element={page(() => import('../features/account/contact-details-page'))}
            />
            <Route
              path="change-password"
              element={page(() => import('../features/account/change-password-page'))}
            />
            <Route
              path="change-email"
              element={page(() => import('../features/account/change-email-page'))}
            />
            <Route
              path="change-mobile"
              element={page(() => import('../features/account/change-mobile-page'))}
            />
            <Route
              path="change-address"
              element={page(() => import('../features/account/change-address-page'))}
            />
            <Route path="documents" element={page(() => import('../features/account/documents-page'))} />
            <Route
              path="credit-searches"
              element={page(() => import('../features/account/credit-searches-page'))}
            />
            <Route
              path="bank-connections"
              element={page(() => import('../features/account/bank-connections-page'))}
            />
          </Route>
          <Route path="borrow" element={page(() => import('../features/borrow/borrow-page'))} />
          <Route path="borrow/apply" element={page(() => import('../features/borrow/apply-page'))} />
          <Route path="borrow/schedule" element={page(() => import('../features/borrow/schedule-page'))} />
          <Route path="borrow/payment" element={page(() => import('../features/borrow/payment-page'))} />
          <Route
            path="borrow/update-card"
            element={page(() => import('../features/borrow/update-card-page'))}
          />
          <Route element={<LegalOnly />}>
            <Route path="pre-claim" element={page(() => import('../features/pre-claim/pre-claim-page'))} />
          </Route>
        </Route>
      </Route>

      <Route path="info" element={page(() => import('../features/info/info-layout'))}>
        <Route index element={page(() => import('../features/info/info-index-page'))} />
        <Route path=":page" element={page(() => import('../features/info/info-page'))} />
        <Route path="faqs/:topic" element={page(() => import('../features/info/faq-topic-page'))} />
      </Route>

      <Route path="*" element={<Navigate to="/not-found" replace />} />
    </Route>
  </>
);
