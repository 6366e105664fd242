import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ApiCallError } from '../../lib/api-client';
import { QueryProvider } from '../../lib/query';
import { useAccountDetails } from './get-account-details';
import '../../components/form/form.css';
import './account.css';

export function Component() {
  return (
    <QueryProvider>
      <AccountLayout />
    </QueryProvider>
  );
}

/**
 * Whether a failed load still needs the error page: the API client has already sent a 401 to login and
 * a 503 to maintenance; a refusal with an errorID (HTTP 200) is the spec's 'error with an errorID'.
 */
const needsErrorPage = (err: unknown) =>
  !(err instanceof ApiCallError && (err.status === 401 || err.status === 503));

/**
 * The account area (spec section 2): opening it loads the account details once, for every child page;
 * the pages render only once they are in. Preview mode loads nothing (see useAccountDetails).
 */
function AccountLayout() {
  const details = useAccountDetails();
  const navigate = useNavigate();
  const failed = details.isError && needsErrorPage(details.error);

  useEffect(() => {
    if (failed) void navigate('/error', { replace: true });
  }, [failed, navigate]);

  if (!details.data) {
    return (
      <div className="page container" aria-busy="true">
        <p className="visually-hidden">Loading your details…</p>
      </div>
    );
  }
  return (
    // The next page's chunk loads inside the area: the details stay held meanwhile.
    <Suspense fallback={<div className="page container" aria-busy="true" />}>
      <Outlet />
    </Suspense>
  );
}
