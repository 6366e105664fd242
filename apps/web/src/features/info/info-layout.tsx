import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LISTED_INFO_PAGES } from './info-pages';
import { useScrollToHash } from './use-scroll-to-hash';
import { Disclosure } from '../../components/disclosure';
import './info.css';

function ScrollToHash() {
  useScrollToHash();
  return null;
}

function InfoLinks() {
  return (
    <ul>
      <li>
        <NavLink to="/info" end>
          Overview
        </NavLink>
      </li>
      {LISTED_INFO_PAGES.map((p) => (
        // FAQs stays marked on its topic pages, which are part of it.
        <li key={p.slug}>
          <NavLink to={`/info/${p.slug}`} end={p.slug !== 'faqs'}>
            {p.navLabel}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The information area. Its navigation sits beside the page when the area is wide; when it is narrow (a
 * phone) the heading and the text come first and the navigation follows them, folded in a disclosure.
 * Only one of the two is displayed at a time (info.css), so only one is in the accessibility tree.
 */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="info-area">
      <div className="info-area__grid container">
        <nav className="info-nav info-nav--side" aria-label="Information">
          <InfoLinks />
        </nav>
        <div className="info-area__content">
          {/* A boundary here keeps the navigation on screen while the next page's chunk loads. */}
          <Suspense fallback={<div className="page" aria-busy="true" />}>
            <Outlet />
            <ScrollToHash />
            {/*
             * Inside the page's boundary, so it lands with the page and is never pushed down by it (a
             * layout shift). Keyed by page: a link chosen in it folds it again, as the header's menu closes.
             */}
            <Disclosure key={pathname} className="info-more" summary="More information pages">
              <nav className="info-nav info-nav--folded" aria-label="Information">
                <InfoLinks />
              </nav>
            </Disclosure>
          </Suspense>
        </div>
      </div>
    </div>
  );
}
