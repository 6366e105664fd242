import { useId, type ReactNode } from 'react';

/**
 * A table that may scroll sideways at 360 px. A keyboard user can only scroll a region that takes focus,
 * so the wrapper is focusable and named by the caption (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function ScrollTable({
  caption,
  wrap = false,
  children,
}: {
  caption: string;
  /** Let long cells wrap (text tables); figures stay on one line. */
  wrap?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={wrap ? 'info-table info-table--wrap' : 'info-table'}>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
