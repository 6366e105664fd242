import { useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

/**
 * False in a prerendered page's HTML and while React hydrates it, true from the render right after (and
 * at once in a page React draws itself). Controls that do nothing until React has taken over stay
 * disabled until then, rather than lose a click or submit a form the browser's own way.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
