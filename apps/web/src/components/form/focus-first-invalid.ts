import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * On a failed submit, scroll to and focus the first invalid field in the order the person sees them
 * (react-hook-form's own focus follows registration order, which is not always the page order). The
 * focus happens in an effect, after React has rendered the errors, however late validation finished.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [requests]);
  const onInvalid = useCallback(() => setRequests((n) => n + 1), []);
  return { formRef, onInvalid };
}
