import { FIRST_BIRTH_YEAR, MIN_AGE } from '@lender/contract/constants';
import { daysInMonth, londonToday } from '@lender/contract/dates';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Stage1Values } from './stage1-values';

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
export function DobFields({ form, error }: { form: UseFormReturn<Stage1Values>; error?: string }) {
  const { register, watch, setValue, getValues, trigger, formState } = form;
  // The date's one error lives on the day field: re-check it whenever any part changes.
  const recheck = { onChange: () => formState.isSubmitted && void trigger('dobDay') };
  const month = Number(watch('dobMonth')) || 1;
  const year = Number(watch('dobYear')) || 2000;
  const lastYear = Number(londonToday().slice(0, 4)) - MIN_AGE;
  const years = Array.from({ length: lastYear - FIRST_BIRTH_YEAR + 1 }, (_, i) => lastYear - i);
  const maxDay = daysInMonth(year, month);

  // A day that no longer exists in the chosen month (31 February) is cleared.
  useEffect(() => {
    if (Number(getValues('dobDay')) > maxDay) setValue('dobDay', '');
  }, [maxDay, getValues, setValue]);

  const describedBy = error ? 'dob-error' : undefined;
  return (
    <fieldset className={`field${error ? ' field--error' : ''}`} aria-describedby={describedBy}>
      <legend className="field__label">Date of birth</legend>
      {error ? (
        <p className="field__error" id="dob-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="inline-fields">
        <div>
          <label className="field__hint" htmlFor="dob-day">
            Day
          </label>
          <select
            id="dob-day"
            className="select"
            autoComplete="bday-day"
            aria-invalid={Boolean(error)}
            {...register('dobDay')}
          >
            <option value="">Day</option>
            {Array.from({ length: maxDay }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="field__hint" htmlFor="dob-month">
            Month
          </label>
          <select
            id="dob-month"
            className="select"
            autoComplete="bday-month"
            aria-invalid={Boolean(error)}
            {...register('dobMonth', recheck)}
          >
            <option value="">Month</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="field__hint" htmlFor="dob-year">
            Year
          </label>
          <select
            id="dob-year"
            className="select"
            autoComplete="bday-year"
            aria-invalid={Boolean(error)}
            {...register('dobYear', recheck)}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
