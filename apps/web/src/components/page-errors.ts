import { createContext, useContext, useEffect } from 'react';

/**
 * How a form tells its page that it shows errors: the page then prefixes its document title with
 * 'Error: ' (the GOV.UK pattern), so the first thing a screen reader or a tab strip says is that the
 * submit failed. A registration per form showing errors; the prefix stays while any form has one.
 */
export const PageErrorsContext = createContext<() => () => void>(() => () => {});

/** Keeps the page's 'Error: ' title prefix while `showing` is true. */
export function useErrorTitle(showing: boolean) {
  const register = useContext(PageErrorsContext);
  useEffect(() => (showing ? register() : undefined), [showing, register]);
}
