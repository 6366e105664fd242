import { useEffect, useState, useSyncExternalStore } from 'react';
import { TIMINGS } from '@lender/contract/timings';

/** What the loader says when no request in flight says what it is doing. */
export const DEFAULT_LOADER_MESSAGE = 'Please wait.';

/**
 * Counts requests in flight, nested ones included; the loader shows while the count is above 0. A
 * request may say what it is doing (a decision takes up to a minute): the newest such message is shown.
 */
let pending = 0;
let forced = 0;
const messages: { text: string }[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export type TrackOptions = { force?: boolean; message?: string };

export function trackRequest<T>(
  promise: Promise<T>,
  { force = false, message }: TrackOptions = {},
): Promise<T> {
  const entry = message ? { text: message } : null;
  pending++;
  if (force) forced++;
  if (entry) messages.push(entry);
  emit();
  return promise.finally(() => {
    pending--;
    if (force) forced--;
    if (entry) messages.splice(messages.indexOf(entry), 1);
    emit();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The loader's text while it shows, else null: once requests have been pending for 400 ms, or at once
 * when a request forced it.
 */
export function useLoaderMessage(): string | null {
  // A prerendered page (build/prerender-plugin.ts) is written with nothing pending.
  const state = useSyncExternalStore(
    subscribe,
    () => (forced > 0 ? 2 : pending > 0 ? 1 : 0),
    () => 0,
  );
  const message = useSyncExternalStore(
    subscribe,
    () => messages.at(-1)?.text ?? DEFAULT_LOADER_MESSAGE,
    () => DEFAULT_LOADER_MESSAGE,
  );
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (state !== 1) return;
    const t = setTimeout(() => setDelayed(true), TIMINGS.loaderDelayMs);
    return () => {
      clearTimeout(t);
      setDelayed(false);
    };
  }, [state]);
  return state === 2 || (state === 1 && delayed) ? message : null;
}
