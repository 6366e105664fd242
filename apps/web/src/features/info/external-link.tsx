import type { ReactNode } from 'react';

/**
 * A link to another organisation's site. It opens in the same tab: a new tab surprises screen reader
 * and phone users and breaks the Back button (GOV.UK guidance). rel stops the other site reading where
 * the reader came from, which on a loan site can be sensitive.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}
