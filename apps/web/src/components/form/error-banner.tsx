import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

type Props = {
  /** Text, or text with a link in it (a payment's 'Card Expired. Please update your card here.'). */
  message: ReactNode;
  /**
   * Raise it to move focus to the message (a failed attempt the person just made); a message shown on
   * arrival is announced without taking focus.
   */
  focusRequests?: number;
};

/** Spec section 8: any other errorID shows the server's errorMessage in a red banner. */
export function ErrorBanner({ message, focusRequests = 0 }: Props) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequests > 0) banner.current?.focus();
  }, [focusRequests]);
  if (!message) return null;
  return (
    <div ref={banner} className="banner banner--error" role="alert" tabIndex={-1}>
      {message}
    </div>
  );
}

/**
 * The state of a form's failure banner, the same on every form: `fail(message)` shows it and moves focus
 * to it (the person's submit just failed: a screen reader reads it out, a keyboard user is there),
 * `clear()` hides it when they try again, and `banner` is spread on `<ErrorBanner>`.
 */
export function useErrorBanner() {
  const [state, setState] = useState<Props & { focusRequests: number }>({ message: null, focusRequests: 0 });
  const fail = useCallback(
    (message: ReactNode) => setState((s) => ({ message, focusRequests: s.focusRequests + 1 })),
    [],
  );
  const clear = useCallback(() => setState((s) => ({ ...s, message: null })), []);
  /** A message shown on arrival (not after the person's own attempt): announced, focus stays. */
  const show = useCallback((message: ReactNode) => setState((s) => ({ ...s, message })), []);
  return { banner: state, fail, clear, show };
}

export type ErrorBannerState = ReturnType<typeof useErrorBanner>;
