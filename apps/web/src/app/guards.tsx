import { Navigate, Outlet, useLocation } from 'react-router';
import { hasSession, useSession } from '../lib/session';
import { TEST_MODE } from '../lib/test-mode';

/** Unauthenticated-only pages send a signed-in user to their configured target (borrow by default). */
export function AnonymousOnly({ target = '/borrow' }: { target?: string }) {
  const { signedIn } = useSession();
  return !TEST_MODE && signedIn ? <Navigate to={target} replace /> : <Outlet />;
}

/** Guarded pages send an anonymous user to login, carrying where they were going. */
export function SignedInOnly() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (TEST_MODE || signedIn || hasSession()) return <Outlet />;
  const from = encodeURIComponent(location.pathname + location.search);
  return <Navigate to={`/login?from=${from}`} replace />;
}

/** The pre-claim area exists only for accounts flagged legal. */
export function LegalOnly() {
  const { isLegal } = useSession();
  return TEST_MODE || isLegal ? <Outlet /> : <Navigate to="/borrow" replace />;
}
