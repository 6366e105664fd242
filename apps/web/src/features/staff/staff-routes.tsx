import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { page } from '../../lib/lazy-page';

/**
 * The console's routes under /staff (issue 48), a chunk of their own: the customer site's first load
 * carries one route for the whole console, not its table.
 */
export function Component() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="login" element={page(() => import('./staff-login-page'))} />
        <Route path="invite/:token" element={page(() => import('./staff-invite-page'))} />
        <Route element={page(() => import('./staff-layout'))}>
          <Route index element={page(() => import('./staff-home-page'))} />
          <Route path="search" element={page(() => import('./customer-search-page'))} />
          <Route path="customers/:customerId" element={page(() => import('./customer-page'))} />
          <Route path="loans/:loanId" element={page(() => import('./loan-page'))} />
          <Route path="referrals" element={page(() => import('./referrals-page'))} />
          <Route path="applications/:guid" element={page(() => import('./application-page'))} />
          <Route path="audit" element={page(() => import('./audit-page'))} />
          <Route path="collections" element={page(() => import('./collections-page'))} />
          <Route path="approvals" element={page(() => import('./approvals-page'))} />
          <Route path="complaints" element={page(() => import('./complaints-page'))} />
          <Route path="operations" element={page(() => import('./operations-page'))} />
        </Route>
      </Routes>
    </Suspense>
  );
}
