// The one route, not the table: this module is in the first load of every page (the header's Logout).
import { route as logoutRoute } from 'virtual:call-route/logout';
import { clearSession, getItem } from './session';

/**
 * Asks the server to end the session a refresh token belongs to (Account/Logout), so the token cannot be
 * used again from a copy of it. Nothing waits for the answer and a failure changes nothing here: the
 * browser has already forgotten the tokens. `keepalive` lets the request finish when the page unloads
 * right after (the person closes the tab, or a full page load follows).
 */
export function endServerSession(refreshToken: string): void {
  try {
    fetch(logoutRoute.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(refreshToken),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser may refuse a keepalive request outright (its quota is full); the local sign-out stands.
  }
}

/** A person signing out: this browser forgets the session at once, then the server ends it. */
export function signOut(): void {
  const refreshToken = getItem('refresh_token');
  clearSession();
  if (refreshToken) endServerSession(refreshToken);
}
