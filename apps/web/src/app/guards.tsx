import { use } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FrameContext } from '../lib/frame';
import { hasSession, useSession } from '../lib/session';
import { TEST_MODE } from '../lib/test-mode';

/** Unauthenticated-only pages send a signed-in user to their configured target (borrow by default). */
export function AnonymousOnly({ target = '/borrow' }: { target?: string }) {
  const { signedIn } = useSession();
  return !TEST_MODE && signedIn ? <Navigate to={target} replace /> : <Outlet />;
}

/**
 * Guarded pages send an anonymous user to login, carrying where they were going. Read on each render,
 * not subscribed: react-router applies a navigation as a transition but a session change at once, so a
 * page that signs out and moves on (the e-sign hand-over of stages 2 and 4) would first render here
 * signed out and be sent to login instead. Every other sign-out navigates on its own.
 */
export function SignedInOnly() {
  const location = useLocation();
  // The build draws a signed-in page's frame as whoever will open it (lib/frame.ts).
  if (TEST_MODE || use(FrameContext) || hasSession()) return <Outlet />;
  const from = encodeURIComponent(location.pathname + location.search);
  // The spec's login reads the route name as `state`: a legal customer who was on their way to the pre-claim
  // area goes back there after signing in.
  const state = location.pathname.startsWith('/pre-claim') ? '&state=preClaim' : '';
  return <Navigate to={`/login?from=${from}${state}`} replace />;
}

/** The pre-claim area exists only for accounts flagged legal. */
export function LegalOnly() {
  const { isLegal } = useSession();
  return TEST_MODE || isLegal ? <Outlet /> : <Navigate to="/borrow" replace />;
}
