import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { startFirstReads } from './lib/first-reads';
import { reportClientErrors } from './lib/report-client-errors';
import { hydrationMayYield } from './lib/hydration-may-yield';
import { reportHydrationError } from './lib/report-hydration-error';
import './styles/global.css';

reportClientErrors();
// Before anything renders: a signed-in page's figures are asked for while its code still loads.
startFirstReads(location.pathname);

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
// route arrives as the shell, with an empty root.
const onRecoverableError = reportHydrationError;
if (!root.firstElementChild) createRoot(root).render(app);
else if (hydrationMayYield(root)) startTransition(() => void hydrateRoot(root, app, { onRecoverableError }));
else hydrateRoot(root, app, { onRecoverableError });
