import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Content of a prerendered page that needs React to work (a form): drawn from the HTML, but `inert` (no
 * focus, no click, no Enter) until React has taken over. Rather than disabled: nothing greys out and back
 * in for that moment. Only this wrapper renders again when hydration ends; its children, the same
 * elements, are not drawn twice (a long task on a slow phone).
 */
export function InertUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div inert={!hydrated} aria-busy={!hydrated}>
      {children}
    </div>
  );
}
