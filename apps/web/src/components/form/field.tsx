import { useId, type ReactNode } from 'react';

export type FieldA11y = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to its label, hint and error. */
  children: (a11y: FieldA11y) => ReactNode;
  className?: string;
};

/** A labelled control with its hint and error text (GOV.UK pattern): the error is announced with the input. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
    </div>
  );
}

type ChoiceGroupProps = {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  inline?: boolean;
};

/** Radios or tick boxes under one legend; the error sits inside the fieldset so it is read with it. */
export function ChoiceGroup({ legend, hint, error, children, inline }: ChoiceGroupProps) {
  const id = useId();
  return (
    <fieldset
      className={`field choice-group${inline ? ' choice-group--inline' : ''}${error ? ' field--error' : ''}`}
      aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="choice-group__items">{children}</div>
    </fieldset>
  );
}
