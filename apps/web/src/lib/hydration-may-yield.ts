/**
 * Whether React may take over a prerendered page as a transition, yielding to the browser every few
 * milliseconds (on a slow phone that is most of stage 1's blocking time). Only when no control can take a
 * tap before React has it: each is disabled or inside an `inert` part until hydrated (InertUntilHydrated).
 * Otherwise a tap between hydration's slices reaches a button React has not taken over and is lost (the
 * home page's carousel Pause: 2 in 30 tries of its browser test); hydration in one task makes the browser
 * hold the tap until React can answer it.
 *
 * Self-contained (DOM calls only), so a browser test can run this same function on a page's HTML.
 */
export function hydrationMayYield(page: Element): boolean {
  // Links work without React (the browser follows them). A heading with tabindex -1 takes focus from
  // the script only, never from a tap or Tab.
  const controls = page.querySelectorAll(
    'button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
  );
  return Array.from(controls).every(
    (control) => control.matches(':disabled') || control.closest('[inert]') !== null,
  );
}
