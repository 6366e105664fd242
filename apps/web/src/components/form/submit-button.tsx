import type { ReactNode } from 'react';

type Props = { busy: boolean; children: ReactNode; className?: string };

/**
 * A form's one primary action. While the form is sending it is marked busy (aria-disabled rather than
 * disabled, so a focused button keeps focus and a screen reader hears why nothing happens); the form hook
 * ignores a second press meanwhile.
 */
export function SubmitButton({ busy, children, className = 'button' }: Props) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      data-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
