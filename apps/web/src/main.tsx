import { StrictMode } from 'react';
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
// Not as a transition: hydration that yields lets a tap reach a button React has not taken over yet, and
// that tap is lost (the home page's carousel Pause, 2 in 30 tries in a browser test); in one task the
// browser holds the tap until React can answer it.
if (root.firstElementChild) hydrateRoot(root, app, { onRecoverableError: reportHydrationError });
else createRoot(root).render(app);
