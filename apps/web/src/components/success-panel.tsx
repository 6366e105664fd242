import { createElement, useEffect, useId, useRef, type ReactNode } from 'react';

type Props = { heading: string; level?: 2 | 3; className?: string; children?: ReactNode };

/**
 * What replaces a form once it has done its job. Its heading takes focus, so a screen reader announces
 * the outcome rather than staying on a button that no longer exists, and the next Tab reaches its links.
 */
export function SuccessPanel({ heading, level = 2, className = 'card', children }: Props) {
  const id = useId();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className={className} aria-labelledby={id}>
      {createElement(`h${level}`, { id, ref, tabIndex: -1 }, heading)}
      {children}
    </section>
  );
}
