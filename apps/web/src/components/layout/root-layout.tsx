import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../../lib/navigation';
import { GlobalLoader } from './global-loader';
import { PageErrorBoundary } from './page-error-boundary';
import { RiskWarning } from './risk-warning';
import { SideHeader } from './side-header';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setNavigator((to) => void navigate(to));
  }, [navigate]);
  // A new page starts at the top, as a full page load would. (Block body: Chromium's scrollTo returns a
  // promise, which React would take for a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <RiskWarning />
      <div className="layout">
        <main id="main" className="layout__main">
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<div className="page container" aria-busy="true" />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <SideHeader />
      </div>
      <SiteFooter />
      <GlobalLoader />
    </>
  );
}
