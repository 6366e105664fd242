import { useId, type Ref } from 'react';
import type { SummaryEntry } from './use-contract-form';
import './error-summary.css';

type Props = { summary: { ref: Ref<HTMLDivElement>; entries: SummaryEntry[] } };

/** Moves focus to a field from its summary line; the field's label is scrolled into view with it. */
function focusField(targetId: string) {
  const control = document.getElementById(targetId);
  if (!control) return;
  (control.closest('.field') ?? control).scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
}

/**
 * The GOV.UK error summary: at the top of a form that failed, titled 'There is a problem', one link per
 * message (the field's own words) that moves focus to its field. The form hook focuses it on a failed
 * submit; role alert has it announced.
 */
export function ErrorSummary({ summary: { ref, entries } }: Props) {
  const titleId = useId();
  if (entries.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId} className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {entries.map((e) => (
          <li key={e.name}>
            {e.targetId ? (
              <a
                href={`#${e.targetId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(e.targetId as string);
                }}
              >
                {e.message}
              </a>
            ) : (
              e.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
