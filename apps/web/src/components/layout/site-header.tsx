import { BRAND, telHref } from '@lender/contract/brand';
import { TIMINGS } from '@lender/contract/timings';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { signOut } from '../../lib/sign-out';

const LOGGED_OUT_MENU = [
  { to: '/info/our-commitment', label: 'Who we are' },
  { to: '/info/comprehensive-loan-guid', label: 'Blog' },
  { to: '/info/costs', label: 'How it works' },
  { to: '/info/troubleshooting#contact', label: 'Contact us' },
  { to: '/login', label: 'My Account' },
];

const LOGGED_IN_MENU = [
  { to: '/borrow/schedule', label: 'Payments' },
  { to: '/borrow', label: 'Borrowing Summary' },
  // Not in the spec's menu: the documents page came later (issue 28) and was found only through contact
  // details (issue 45).
  { to: '/account/documents', label: 'Documents' },
  { to: '/account/contact-details', label: 'Contact Details' },
];

/** Header with navigation; it turns compact once the page has scrolled 50 px. */
export function SiteHeader() {
  const { signedIn, isLegal } = useSession();
  const [compact, setCompact] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The phone menu opens only once React has taken over a prerendered page; a press before then is lost.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > TIMINGS.headerCompactScrollPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Escape closes the open phone menu from anywhere on the page (WAI-ARIA disclosure pattern), and focus
  // goes back to the Menu button: a keyboard user inside the menu is not left on a link that disappeared.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // A chosen link closes the phone menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  // Ends the session on the server too, so a copy of the tokens left in this browser is worthless.
  const logout = () => {
    signOut();
    void navigate('/login');
  };

  const items = signedIn
    ? [...(isLegal ? [{ to: '/pre-claim', label: 'Pre Claim' }] : []), ...LOGGED_IN_MENU]
    : LOGGED_OUT_MENU;

  return (
    <header className="site-header" data-compact={compact}>
      <div className="container site-header__bar">
        <Link to={signedIn ? '/borrow' : '/'} className="site-header__logo" aria-label={`${BRAND.name} home`}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="currentColor" />
            <path d="M9 23V9h3v6l6-6h4l-7 7 7 7h-4l-6-6v6z" fill="#fff" />
          </svg>
          <span>{BRAND.name}</span>
        </Link>
        <a className="site-header__phone" href={telHref(BRAND.supportPhone)}>
          <span className="visually-hidden">Call support on </span>
          {BRAND.supportPhone}
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          disabled={!hydrated}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id={menuId} className="site-header__nav" data-open={open} aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {signedIn ? (
              <li>
                <button type="button" className="link-button" onClick={logout}>
                  Logout
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
