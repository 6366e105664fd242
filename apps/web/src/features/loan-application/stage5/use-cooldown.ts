import { useCallback, useEffect, useRef, useState } from 'react';

/** True for `ms` after `start()`; a timer still running when the page closes is cleared. */
export function useCooldown(ms: number) {
  const [cooling, setCooling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    setCooling(true);
    timer.current = setTimeout(() => setCooling(false), ms);
  }, [ms]);
  return { cooling, start };
}
