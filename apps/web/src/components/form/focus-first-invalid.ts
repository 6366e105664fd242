import { useCallback, useRef } from 'react';

/**
 * On a failed submit, scroll to and focus the first invalid field in the order the person sees them
 * (react-hook-form's own focus follows registration order, which is not always the page order).
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const onInvalid = useCallback(() => {
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView({ block: 'center' });
      first.focus({ preventScroll: true });
    });
  }, []);
  return { formRef, onInvalid };
}
