import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline the server gave (`start(seconds)`), ticking once a second; 0 when
 * none is running. Counted from the deadline, not by subtracting 1 per tick, so a throttled background tab
 * shows the right figure when it wakes. `initialSeconds` starts one at once (a page opened mid-wait).
 */
export function useCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const left = deadline - at;
      // The next tick falls when the shown figure changes: on the deadline's whole seconds.
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    timer = setTimeout(tick, (deadline - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(seconds > 0 ? at + seconds * 1000 : null);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, deadline, start };
}
