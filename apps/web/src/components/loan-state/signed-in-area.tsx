import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageNoticeContext } from '../page-notice';

// Its own chunk, loaded beside the page's rather than before it (no waterfall on the way to /borrow).
const LoanStateBanner = lazy(() => import('./loan-state-banner'));

/**
 * The pages of a customer's account and loan (borrow, account, pre-claim): each page's heading is
 * followed by where the loan stands (docs/decisions/049). Small on purpose: it is in the first bundle.
 */
export function SignedInArea() {
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
