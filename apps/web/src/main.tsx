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
if (root.firstElementChild) hydrateRoot(root, app, { onRecoverableError: reportHydrationError });
else createRoot(root).render(app);
