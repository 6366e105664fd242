import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { noteArrival } from '../../lib/arrival';
import { PageNoticeContext } from '../page-notice';

// Its own chunk, loaded beside the page's rather than before it (no waterfall on the way to /borrow).
const LoanStateBanner = lazy(() => import('./loan-state-banner'));

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
