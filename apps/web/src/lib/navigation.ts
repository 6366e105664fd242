/**
 * The router's navigate function for code outside components (the API client). The router sets it
 * once it exists; before that a full page load does the job.
 */
let navigateFn: ((to: string) => void) | null = null;

export const setNavigator = (fn: (to: string) => void) => {
  navigateFn = fn;
};

export function navigateTo(to: string) {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}
