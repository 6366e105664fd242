import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = { heading: string; children: ReactNode };

/**
 * What replaces a form once it has done its job. Its heading takes focus, so a screen reader announces
 * the outcome rather than staying on a button that no longer exists.
 */
export function SuccessPanel({ heading, children }: Props) {
  const id = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} ref={ref} tabIndex={-1}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
