import { useId } from 'react';
import { ChoiceGroup } from './field';

type YesNoProps = {
  legend: string;
  value: boolean;
  onChange: (value: boolean) => void;
  error?: string;
};

/** A yes/no switch as two radios: clear to a screen reader, one tap on a phone. */
export function YesNo({ legend, value, onChange, error }: YesNoProps) {
  const name = useId();
  return (
    <ChoiceGroup legend={legend} error={error} inline>
      {[true, false].map((v) => (
        <label key={String(v)} className="choice choice--pill">
          <input
            type="radio"
            id={`${name}-${v ? 'yes' : 'no'}`}
            name={name}
            checked={value === v}
            onChange={() => onChange(v)}
          />
          <span>{v ? 'Yes' : 'No'}</span>
        </label>
      ))}
    </ChoiceGroup>
  );
}
