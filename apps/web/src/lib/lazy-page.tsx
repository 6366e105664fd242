import { lazy, type ComponentType } from 'react';

/** Each page is its own chunk, loaded when first visited; page modules export `Component`. */
export const page = (load: () => Promise<{ Component: ComponentType }>) => {
  const Lazy = lazy(() => load().then((m) => ({ default: m.Component })));
  return <Lazy />;
};
