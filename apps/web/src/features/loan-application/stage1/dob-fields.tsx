import { FIRST_BIRTH_YEAR, MIN_AGE } from '@lender/contract/constants';
import { daysInMonth, londonToday } from '@lender/contract/dates';
import { forwardRef, useEffect, type ComponentProps } from 'react';
import { Fieldset } from '../../../components/form/field';
import { useHydrated } from '../../../lib/use-hydrated';
import { OptionsSelect } from '../../../components/form/options-select';
import type { Stage1FormApi } from './stage1-values';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Day, month and year selectors: years from 1945 to this year minus 18; days follow month and year. */
export function DobFields({ form, error }: { form: Stage1FormApi; error?: string }) {
  const { register, watch, setValue, getValues, trigger, formState } = form;
  // The date's one error lives on the day field: re-check it whenever any part changes.
  const recheck = { onChange: () => formState.isSubmitted && void trigger('dobDay') };
  const month = Number(watch('dobMonth')) || 1;
  const year = Number(watch('dobYear')) || 2000;
  // The years follow today's date: in the prerendered page (the build's day) they wait for React.
  const hydrated = useHydrated();
  const lastYear = Number(londonToday().slice(0, 4)) - MIN_AGE;
  const years = !hydrated
    ? []
    : Array.from({ length: lastYear - FIRST_BIRTH_YEAR + 1 }, (_, i) => lastYear - i);
  const maxDay = daysInMonth(year, month);

  // A day that no longer exists in the chosen month (31 February) is cleared.
  useEffect(() => {
    if (Number(getValues('dobDay')) > maxDay) setValue('dobDay', '');
  }, [maxDay, getValues, setValue]);

  return (
    <Fieldset legend="Date of birth" error={error}>
      <div className="inline-fields">
        <DobPart
          label="Day"
          autoComplete="bday-day"
          invalid={Boolean(error)}
          options={Array.from({ length: maxDay }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          {...register('dobDay')}
        />
        <DobPart
          label="Month"
          autoComplete="bday-month"
          invalid={Boolean(error)}
          options={MONTHS.map((m, i) => ({ value: i + 1, label: m }))}
          {...register('dobMonth', recheck)}
        />
        <DobPart
          label="Year"
          autoComplete="bday-year"
          invalid={Boolean(error)}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          {...register('dobYear', recheck)}
        />
      </div>
    </Fieldset>
  );
}

type DobPartProps = ComponentProps<typeof OptionsSelect> & { label: string; invalid: boolean };

/** One part of the date, with its own visible label. */
const DobPart = forwardRef<HTMLSelectElement, DobPartProps>(function DobPart(
  { label, invalid, ...props },
  ref,
) {
  const id = `dob-${label.toLowerCase()}`;
  return (
    <div>
      <label className="field__hint" htmlFor={id}>
        {label}
      </label>
      <OptionsSelect ref={ref} id={id} placeholder={label} aria-invalid={invalid} {...props} />
    </div>
  );
});
