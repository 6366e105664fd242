import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '../app/routes';
import { FrameContext } from '../lib/frame';

export { PRERENDERED_PATHS } from '../app/prerendered-paths';

/**
 * The server entry of the prerender (built with `vite build --ssr` by build/prerender-plugin.ts): the
 * page at `path` as HTML. `prerender` waits for every Suspense boundary, so the lazy page chunks, the
 * footer and the info page inside the layout are in the HTML, never their fallbacks. The tree is the one
 * main.tsx hydrates, with a static router in place of the browser's.
 */
export const renderPage = (path: string) => render(path, <AppRoutes />);

/**
 * The frame of a signed-in page with a route shell of its own (lib/frame.ts): the same tree drawn as a
 * signed-in customer sees it before anything of theirs is read. main.tsx draws the page over it.
 */
export const renderFrame = (path: string) =>
  render(
    path,
    <FrameContext value>
      <AppRoutes />
    </FrameContext>,
  );

async function render(path: string, routes: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>{routes}</StaticRouter>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React moves a large boundary's content after the rest, to be revealed by an inline script: the
      // page's text would then need JavaScript. Every boundary is complete here, so keep each in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A page that throws while prerendering fails the build rather than ship its error screen.
  if (errors.length > 0) throw new Error(`prerendering ${path} failed`, { cause: errors[0] });
  return new Response(prelude).text();
}
