import { useEffect, useRef } from 'react';

type Props = {
  message: string | null;
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
