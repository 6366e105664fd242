import { forwardRef, type SelectHTMLAttributes } from 'react';

export type Option = { value: string | number; label: string };

type Props = SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; placeholder?: string };

/** A select over a list of options (a dictionary, instalments, date parts), with an empty first choice. */
export const OptionsSelect = forwardRef<HTMLSelectElement, Props>(function OptionsSelect(
  { options, placeholder, className = 'select', ...props },
  ref,
) {
  return (
    <select ref={ref} className={className} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
});

/** Dictionary entries ({ id, name }) as options. */
export const toOptions = (entries: { id: number; name: string }[] | undefined): Option[] =>
  (entries ?? []).map((e) => ({ value: e.id, label: e.name }));
