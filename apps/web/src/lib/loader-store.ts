import { useEffect, useState, useSyncExternalStore } from 'react';
import { TIMINGS } from '@lender/contract/timings';

/** Counts requests in flight, nested ones included; the loader shows while the count is above 0. */
let pending = 0;
let forced = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function trackRequest<T>(promise: Promise<T>, { force = false } = {}): Promise<T> {
  pending++;
  if (force) forced++;
  emit();
  return promise.finally(() => {
    pending--;
    if (force) forced--;
    emit();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True once requests have been pending for 400 ms, or at once when a request forced it. */
export function useLoaderVisible(): boolean {
  const state = useSyncExternalStore(subscribe, () => (forced > 0 ? 2 : pending > 0 ? 1 : 0));
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (state !== 1) return;
    const t = setTimeout(() => setDelayed(true), TIMINGS.loaderDelayMs);
    return () => {
      clearTimeout(t);
      setDelayed(false);
    };
  }, [state]);
  return state === 2 || (state === 1 && delayed);
}
