import { useEffect, useState } from 'react';
import { useLoaderMessage } from '../../lib/loader-store';

/**
 * The global loader: appears once requests have been pending for 400 ms, or at once when forced, and
 * says what is happening. The status region is always in the page, empty while idle, so a screen reader
 * announces the text when it appears: a live region added together with its text is often not read, so
 * even one mounted while a request is under way starts empty and says it a moment later.
 */
export function GlobalLoader() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const latest = useLoaderMessage();
  const message = mounted ? latest : null;
  return (
    <div className="global-loader" data-visible={message !== null}>
      <div className="global-loader__box" role="status" aria-live="polite" aria-atomic="true">
        {message !== null ? (
          <>
            <span className="global-loader__spinner" aria-hidden="true" />
            <p className="global-loader__text">{message}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}
