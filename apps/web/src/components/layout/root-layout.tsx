import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { preloadableLazy } from '../../lib/lazy-page';
import { setNavigator } from '../../lib/navigation';
import { PageErrorBoundary } from './page-error-boundary';
import { RiskWarning } from './risk-warning';
import { SideHeader } from './side-header';
import { SiteHeader } from './site-header';
import './layout.css';

/**
 * Out of the first page's script (budget: bench/src/budgets.ts), they arrive with the page's own chunk.
 * Nothing moves when they land: the footer is below the fold on every page (the main area is at least a
 * screen high) and the loader shows nothing while idle. The loader's empty status region is in the page
 * long before a person can submit anything, so its text is announced when it appears.
 */
const GlobalLoader = preloadableLazy(() => import('./global-loader').then((m) => m.GlobalLoader));
const SiteFooter = preloadableLazy(() => import('./site-footer').then((m) => m.SiteFooter));

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setNavigator((to) => void navigate(to));
  }, [navigate]);
  // A new page starts at the top, as a full page load would. Not the page the browser loaded: a
  // prerendered one may have been scrolled, or opened at its #fragment, before React took it over.
  // (Block body: Chromium's scrollTo returns a promise, which React would take for a cleanup function.)
  const loadedPath = useRef<string | null>(pathname);
  useEffect(() => {
    if (loadedPath.current === pathname) return;
    loadedPath.current = null;
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
      {/* Their own boundaries: the page's Suspense and error screen never wait for them nor lose them. */}
      <PageErrorBoundary resetKey={pathname} fallback={null}>
        <Suspense fallback={null}>
          <SiteFooter />
          <GlobalLoader />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

/**
 * The loader, loaded before a page the browser draws itself (lib/lazy-page.tsx): its status region is
 * there from the first render. Not the footer: below the fold, it stays out of the first load and may
 * arrive after the page.
 */
RootLayout.preload = () => GlobalLoader.preload();
