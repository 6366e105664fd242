import { useId, type ReactNode } from 'react';
import { ChoiceGroup } from './field';

export type RadioItem<T extends string> = { value: T; label: ReactNode; hint?: ReactNode };

type Props<T extends string> = {
  legend: ReactNode;
  items: readonly RadioItem<T>[];
  /** Null: nothing chosen yet (a choice with money at stake has no default). */
  value: T | null;
  onChange: (value: T) => void;
  /** Nothing chosen when it had to be: said inside the group, with it. */
  error?: string;
  /** The first radio's id, for a label or an error summary to point at. */
  id?: string;
};

/**
 * One choice of a few, as radios under a legend, each with its own hint read with it (GOV.UK radios):
 * the payment wizard's 'Pay total' or 'Other amount', the card on file or a new one.
 */
export function RadioChoices<T extends string>({ legend, items, value, onChange, id, error }: Props<T>) {
  const name = useId();
  return (
    <ChoiceGroup legend={legend} error={error}>
      {items.map((item, i) => {
        const itemId = i === 0 && id ? id : `${name}-${item.value}`;
        const hintId = `${itemId}-hint`;
        return (
          <div key={item.value} className="choice radio-choice">
            <input
              type="radio"
              id={itemId}
              name={name}
              value={item.value}
              checked={value === item.value}
              onChange={() => onChange(item.value)}
              aria-describedby={item.hint ? hintId : undefined}
            />
            <div>
              <label htmlFor={itemId} className="radio-choice__label">
                {item.label}
              </label>
              {item.hint ? (
                <p id={hintId} className="field__hint radio-choice__hint">
                  {item.hint}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
    </ChoiceGroup>
  );
}
