import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/routes';
import { reportClientErrors } from './lib/report-client-errors';
import { hydrationMayYield } from './lib/hydration-may-yield';
import { reportHydrationError } from './lib/report-hydration-error';
import './styles/global.css';

reportClientErrors();

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);
const root = document.getElementById('root')!;

// A public page arrives prerendered (build/prerender-plugin.ts): React takes over its HTML rather than
// draw it again, as a transition only where no tap can be lost meanwhile (hydrationMayYield). Every other
// route arrives as the shell, with an empty root or a signed-in page's frame (lib/frame.ts), and is drawn
// once the route's modules are in (which a route shell has been fetching since its HTML arrived): its
// first render then draws the whole page in place of the frame.
const onRecoverableError = reportHydrationError;
if (!root.firstElementChild || root.dataset.frame !== undefined)
  void preloadRoute(location.pathname).then(() => createRoot(root).render(app));
else if (hydrationMayYield(root)) startTransition(() => void hydrateRoot(root, app, { onRecoverableError }));
else hydrateRoot(root, app, { onRecoverableError });
