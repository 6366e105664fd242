import { use, useSyncExternalStore } from 'react';
import { FrameContext } from './frame';

/**
 * The stored client items of spec section 3: token, refresh_token, userName, firstName, lastName in
 * local storage (they survive a closed tab); source, campaign and provider in session storage.
 */
const PERSISTENT = ['token', 'refresh_token', 'userName', 'firstName', 'lastName', 'isLegal'] as const;
type PersistentKey = (typeof PERSISTENT)[number];
export const TRACKING_KEYS = ['source', 'campaign', 'provider'] as const;
type TrackingKey = (typeof TRACKING_KEYS)[number];

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const getItem = (key: PersistentKey) => localStorage.getItem(key);

export function setItems(items: Partial<Record<PersistentKey, string | null>>) {
  const had = hasSession();
  for (const [key, value] of Object.entries(items)) {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }
  notify();
  if (had && !hasSession()) endedListeners.forEach((l) => l());
}

export const hasSession = () => Boolean(getItem('token') || getItem('refresh_token'));

const endedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this browser stops holding a session: signed out here or in another tab, or
 * refused by the server. Whatever was read for that person must go then, before anyone else signs in on
 * the same browser: a page's reads are kept in memory across pages (lib/query.tsx), and the next person
 * would otherwise see them while their own are read.
 */
export function onSessionEnded(listener: () => void): void {
  // Prerendering a page at build time: there is no browser, and no session to end.
  if (typeof window === 'undefined') return;
  if (endedListeners.size === 0) {
    window.addEventListener('storage', (event) => {
      if ((event.key === null || event.key === 'token' || event.key === 'refresh_token') && !hasSession())
        endedListeners.forEach((l) => l());
    });
  }
  endedListeners.add(listener);
}

export function storeTokens(tokens: { token: string; refreshToken: string }) {
  setItems({ token: tokens.token, refresh_token: tokens.refreshToken });
}

/**
 * Forgets the session in this browser only: every persistent item goes; tracking items stay for this
 * visit. On its own for a session the server has already ended (a failed refresh, maintenance); a person
 * signing out uses `signOut` of lib/sign-out.ts, which ends the server's session too.
 */
export function clearSession() {
  setItems(Object.fromEntries(PERSISTENT.map((k) => [k, null])));
}

export const getTracking = (key: TrackingKey) => sessionStorage.getItem(key);
export const setTracking = (key: TrackingKey, value: string) => sessionStorage.setItem(key, value);

export type SessionSnapshot = { signedIn: boolean; firstName: string | null; isLegal: boolean };

let snapshot: SessionSnapshot | null = null;
function readSnapshot(): SessionSnapshot {
  const next = {
    signedIn: hasSession(),
    firstName: getItem('firstName'),
    isLegal: getItem('isLegal') === 'true',
  };
  if (
    !snapshot ||
    snapshot.signedIn !== next.signedIn ||
    snapshot.firstName !== next.firstName ||
    snapshot.isLegal !== next.isLegal
  ) {
    snapshot = next;
  }
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes local storage too.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Signed out, as a prerendered page is written (build/prerender-plugin.ts): hydration renders with it
 * first, so the HTML matches, and React renders again at once with the browser's own session.
 */
const SIGNED_OUT: SessionSnapshot = { signedIn: false, firstName: null, isLegal: false };

/** Signed in, as a signed-in page's frame is written (lib/frame.ts): whose session is not known yet. */
const SIGNED_IN_FRAME: SessionSnapshot = { signedIn: true, firstName: null, isLegal: false };

export const useSession = () => {
  const frame = use(FrameContext);
  return useSyncExternalStore(subscribe, readSnapshot, () => (frame ? SIGNED_IN_FRAME : SIGNED_OUT));
};
