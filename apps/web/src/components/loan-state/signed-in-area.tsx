import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { noteArrival } from '../../lib/arrival';
import { preloadableLazy } from '../../lib/lazy-page';
import { PageNoticeContext } from '../page-notice';

// Its own chunk, loaded beside the page's rather than before it (no waterfall on the way to /borrow).
const LoanStateBanner = preloadableLazy(() => import('./loan-state-banner').then((m) => m.default));

/**
 * The pages of a customer's account and loan (borrow, account, pre-claim): each page's heading is
 * followed by where the loan stands (docs/decisions/049). Small on purpose: it is in the first bundle.
 */
export function SignedInArea() {
  // Before any part of the page asks where the loan stands: each arrival reads it once (lib/arrival.ts).
  noteArrival(useLocation().key);
  return (
    <PageNoticeContext
      value={
        <Suspense fallback={null}>
          <LoanStateBanner />
        </Suspense>
      }
    >
      <Outlet />
    </PageNoticeContext>
  );
}

/** The banner's chunk, loaded before a page the browser draws itself (lib/lazy-page.tsx). */
SignedInArea.preload = () => LoanStateBanner.preload();
