import { addDays, londonToday } from '@lender/contract/dates';
import { isWorkingDay } from '@lender/contract/pricing/bank-holidays';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// Made on first use, not when the module loads (packages/contract/src/money.ts says why).
let longDate: Intl.DateTimeFormat | undefined;
export const formatLongDate = (iso: string) =>
  (longDate ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(`${iso}T00:00:00Z`));

/** Working days between min and max days from today: weekends and bank holidays are never offered. */
export function workingDaysInWindow(window: { minDays: number; maxDays: number }, today = londonToday()) {
  const days: string[] = [];
  for (let d = window.minDays; d <= window.maxDays; d++) {
    const date = addDays(today, d);
    if (isWorkingDay(date)) days.push(date);
  }
  return days;
}

type DateChoiceProps = SelectHTMLAttributes<HTMLSelectElement> & {
  window: { minDays: number; maxDays: number };
  /** A wage frequency's fixed date: shown, selected and not changeable. */
  fixedDate?: string | null;
  /** The day the window counts from: the lender's business date where the server gave it. */
  today?: string;
};

/**
 * The repayment date picker: a list of the dates that may be chosen. Fully usable by keyboard and
 * screen reader, and it cannot offer a weekend or a date outside the window.
 */
export const DateChoice = forwardRef<HTMLSelectElement, DateChoiceProps>(function DateChoice(
  { window, fixedDate, today, ...props },
  ref,
) {
  // A prerendered page (stage 1) was drawn on the build's day: its dates are offered once React has
  // taken over in the visitor's, so that the first render matches the HTML.
  const hydrated = useHydrated();
  const days = hydrated ? workingDaysInWindow(window, today) : [];
  if (fixedDate && !days.includes(fixedDate)) days.unshift(fixedDate);
  return (
    <select ref={ref} className="select" {...props} disabled={Boolean(fixedDate) || props.disabled}>
      <option value="">Choose a date</option>
      {days.map((d) => (
        <option key={d} value={d}>
          {formatLongDate(d)}
        </option>
      ))}
    </select>
  );
});
