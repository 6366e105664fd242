import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * React's lazy with a `preload` that loads the module ahead of the first render: once it is in, the
 * component draws in that render instead of suspending. A page drawn by the browser (not hydrated) whose
 * first render suspends commits its Suspense fallback, and React then holds the content back until 300 ms
 * after that fallback (its FALLBACK_THROTTLE_MS): on `/borrow` that was 300 ms with every chunk and read
 * already in (issue 50). main.tsx preloads the route's modules before it renders (`preloadElement`).
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() =>
    loaded ? resolvedNow({ default: loaded }) : preload().then((component) => ({ default: component })),
  );
  return Object.assign(Lazy, { preload });
}

/** A thenable that calls back at once: React's lazy then takes the module within the same render. */
const resolvedNow = <T,>(value: T) =>
  ({ then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) }) as unknown as Promise<T>;

/** Each page is its own chunk, loaded when first visited; page modules export `Component`. */
export const page = (load: () => Promise<{ Component: ComponentType }>) => {
  const Page = preloadableLazy(() => load().then((m) => m.Component));
  return <Page />;
};

/**
 * Loads what an element of the route tree needs before it can draw without suspending: a page's module,
 * or whatever a layout names in its own `preload` (the root layout its footer, the signed-in area the loan
 * state banner). Nothing for any other element.
 */
export function preloadElement(element: ReactElement | null | undefined): Promise<unknown> {
  const type = element?.type as { preload?: () => Promise<unknown> } | undefined;
  return type?.preload?.() ?? Promise.resolve();
}
