import { useId, useLayoutEffect, useState, type Ref } from 'react';
import { fieldLead, fieldNameOf } from './form-errors';
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
 * The field names of the lines, read from the page after it shows the messages (which control shows a
 * message decides which name it gets: see fieldNameOf); set before the browser paints.
 */
function useFieldNames(entries: SummaryEntry[]): Record<string, string | undefined> {
  const [names, setNames] = useState<Record<string, string | undefined>>({});
  useLayoutEffect(() => {
    const next = Object.fromEntries(
      entries.map((e) => [e.name, e.targetId ? fieldNameOf(document.getElementById(e.targetId)) : undefined]),
    );
    const same =
      Object.keys(next).length === Object.keys(names).length &&
      Object.entries(next).every(([k, v]) => names[k] === v);
    if (!same) setNames(next);
  }, [entries, names]);
  return names;
}

/**
 * A line: the field's name (when the message is about a field and does not already name it), then the
 * message in the spec's words.
 */
function Line({ field, message }: { field?: string; message: string }) {
  const lead = field ? fieldLead(field, message) : '';
  return (
    <>
      {lead ? <span className="error-summary__field">{lead}</span> : null}
      {message}
    </>
  );
}

/**
 * The GOV.UK error summary: at the top of a form that failed, titled 'There is a problem', one link per
 * message that moves focus to its field. Each line names its field before the message (the spec's words),
 * so that 'This field is required.' is never read without knowing which field (issue 31, decision 037),
 * unless the message names it already.
 * The form hook focuses it on a failed submit; role alert has it announced.
 */
export function ErrorSummary({ summary: { ref, entries } }: Props) {
  const titleId = useId();
  const names = useFieldNames(entries);
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
                <Line field={names[e.name]} message={e.message} />
              </a>
            ) : (
              <Line field={names[e.name]} message={e.message} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
