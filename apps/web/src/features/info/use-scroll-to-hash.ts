import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Client-side navigation does not scroll to a #fragment, and the target only exists once the lazy page
 * has rendered (the header's 'Contact us' goes to /info/troubleshooting#contact). Run after the page
 * commits; the frame's delay lets the root layout's scroll-to-top, a parent effect, go first.
 */
export function useScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      // Focus follows, so a screen reader reads the section and Tab continues from there, not the h1.
      if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}
