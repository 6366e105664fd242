import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes';
import { reportClientErrors } from './lib/report-client-errors';
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
// draw it again. Every other route arrives as the shell, with an empty root.
// As a transition, hydration yields to the browser every few milliseconds (a tap, a scroll, a paint)
// instead of holding the main thread for the whole page: on a slow phone that was several long tasks.
if (root.firstElementChild)
  startTransition(() => void hydrateRoot(root, app, { onRecoverableError: reportHydrationError }));
else createRoot(root).render(app);
