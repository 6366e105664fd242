import type { Permission } from '@lender/contract/staff-permissions';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../lib/query';
import { signedOut, staffCall, staffLoginPath } from './staff-api';
import { may, ROLE_NAMES, StaffContext } from './staff-session';
import '../../components/form/form.css';
import './staff.css';

const NAV: { to: string; label: string; permission?: Permission }[] = [
  { to: '/staff', label: 'Home' },
  { to: '/staff/search', label: 'Search', permission: 'application:read' },
  { to: '/staff/referrals', label: 'Referrals', permission: 'application:decide' },
  { to: '/staff/audit', label: 'Audit', permission: 'audit:read' },
  { to: '/staff/collections', label: 'Collections', permission: 'collections:worklist' },
  { to: '/staff/approvals', label: 'Approvals', permission: 'money:approve' },
  { to: '/staff/complaints', label: 'Complaints', permission: 'complaint:read' },
  { to: '/staff/operations', label: 'Operations', permission: 'staff:manage' },
];

function SignedInConsole() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['staffMe'], queryFn: () => staffCall('staffMe', undefined) });
  if (me.error) {
    if (signedOut(me.error)) return <Navigate to={staffLoginPath(location.pathname)} replace />;
    return (
      <main id="main" className="staff-main">
        <p role="alert">The console could not be opened. Reload the page to try again.</p>
      </main>
    );
  }
  if (!me.data) return <main id="main" className="staff-main" aria-busy="true" />;
  const signOut = async () => {
    try {
      await staffCall('staffLogout', undefined);
    } finally {
      queryClient.removeQueries({ queryKey: ['staffMe'] });
      void navigate('/staff/login', { replace: true });
    }
  };
  return (
    <StaffContext value={me.data}>
      <header className="staff-bar">
        <span className="staff-bar__name">Staff console</span>
        <nav aria-label="Console">
          <ul className="staff-nav">
            {NAV.filter((n) => !n.permission || may(me.data, n.permission)).map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === '/staff'}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="staff-bar__who">
          {me.data.displayName} ({ROLE_NAMES[me.data.role]})
        </span>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" className="staff-main">
        <Suspense fallback={<div aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
    </StaffContext>
  );
}

/**
 * The console's frame (issue 48): its own chunk and styles, none of it on a customer's page. A member
 * whose session is gone is sent to sign in, and back here after.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SignedInConsole />
    </QueryClientProvider>
  );
}
