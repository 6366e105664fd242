import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { INFO_PAGES } from './info-pages';
import { useScrollToHash } from './use-scroll-to-hash';
import './info.css';

function ScrollToHash() {
  useScrollToHash();
  return null;
}

/** The information area: its own navigation beside (desktop) or above (phone) the page. */
export function Component() {
  return (
    <div className="info-area">
      <div className="info-area__grid container">
        <nav className="info-nav" aria-label="Information">
          <ul>
            <li>
              <NavLink to="/info" end>
                Overview
              </NavLink>
            </li>
            {INFO_PAGES.map((p) => (
              // FAQs stays marked on its topic pages, which are part of it.
              <li key={p.slug}>
                <NavLink to={`/info/${p.slug}`} end={p.slug !== 'faqs'}>
                  {p.navLabel}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="info-area__content">
          {/* A boundary here keeps the navigation on screen while the next page's chunk loads. */}
          <Suspense fallback={<div className="page" aria-busy="true" />}>
            <Outlet />
            <ScrollToHash />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
