/**
 * The one place a field's error is written: the spec's message, prefixed for screen readers (GOV.UK
 * pattern), with an id the control lists in aria-describedby so it is read with the control.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

/** The aria-describedby value for a control with an optional hint and an optional error. */
export const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
