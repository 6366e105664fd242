import { useId, type ReactNode } from 'react';
import { describedBy, FieldError } from './field-error';

export type FieldA11y = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  /** The field's name in the error summary, where its label will not do (see fieldNameOf). */
  'data-summary-name'?: string;
};

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
  return (
    <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        // A div: a hint may hold a list (the password rules).
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`),
      })}
    </div>
  );
}

type FieldsetProps = {
  legend: ReactNode;
  /**
   * A message on the group as a whole ('at least 3 expenses') names the fieldset: the error summary's
   * link finds it by this name and focuses it.
   */
  name?: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
};

/** Controls under one legend (radios, the parts of a date); the error sits inside so it is read with them. */
export function Fieldset({ legend, name, hint, error, children, className }: FieldsetProps) {
  const id = useId();
  return (
    <fieldset
      {...(name ? { name, id: `${id}-group`, tabIndex: -1 } : {})}
      className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </fieldset>
  );
}

type ChoiceGroupProps = Omit<FieldsetProps, 'className'> & { inline?: boolean };

/** Radios or tick boxes under one legend. */
export function ChoiceGroup({ children, inline, ...props }: ChoiceGroupProps) {
  return (
    <Fieldset {...props} className={`choice-group${inline ? ' choice-group--inline' : ''}`}>
      <div className="choice-group__items">{children}</div>
    </Fieldset>
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  /** Renders the tick box with its id and ARIA attributes. */
  children: (a11y: FieldA11y) => ReactNode;
} & (
  | { error?: never; summaryName?: never }
  | {
      error: string | undefined;
      /**
       * What the error summary calls the box: its label is a whole declaration, too long for a summary
       * line, and the spec's message for it ('This field is required.') names nothing (decision 037).
       */
      summaryName: string;
    }
);

/** One tick box with its label beside it and its error above, as a consent or declaration. */
export function CheckboxField({ label, error, summaryName, children }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <FieldError id={`${id}-error`} message={error} />
      <div className="choice">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy(error && `${id}-error`),
          'data-summary-name': summaryName,
        })}
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}
