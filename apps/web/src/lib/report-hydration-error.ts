import type { ErrorInfo } from 'react';

/** The start of the console message, which the browser tests look for (e2e/tests/prerender.spec.ts). */
export const HYDRATION_ERROR_PREFIX = 'Hydration error:';

/**
 * React's onRecoverableError for a prerendered page. React recovers from a mismatch between the
 * prerendered HTML and the first render by drawing the part again in the browser, so the page still
 * works, but it paints twice and may shift: a bug to fix (something read the browser while rendering).
 * It is logged under a name the tests find, and reported as any other error (lib/report-client-errors.ts).
 */
export function reportHydrationError(error: unknown, info: ErrorInfo) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${HYDRATION_ERROR_PREFIX} ${message}`, info.componentStack ?? '');
  window.reportError(error);
}
