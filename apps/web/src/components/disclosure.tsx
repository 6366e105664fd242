import type { ReactNode } from 'react';
import './disclosure.css';

type Props = {
  /** The one line that opens it. */
  summary: ReactNode;
  /** The place's own class, for its spacing. */
  className?: string;
  children: ReactNode;
};

/** A section folded under a one-line summary (the info area's page list, the borrow page's help). */
export function Disclosure({ summary, className, children }: Props) {
  return (
    <details className={className ? `disclosure ${className}` : 'disclosure'}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
