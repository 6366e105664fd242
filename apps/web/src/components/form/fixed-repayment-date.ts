import type { WageFrequency } from '@lender/contract/dictionaries';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';

/** A wage frequency's preset first repayment date (its enableDate), if it has one (spec section 9). */
export const fixedDateOf = (frequencies: WageFrequency[] | undefined, id: unknown) =>
  frequencies?.find((f) => f.id === Number(id))?.enableDate ?? null;

/**
 * A wage frequency with a preset date fills the date in and locks it (spec section 9), on every screen
 * that asks for both: answers the preset date (the date field shows it, disabled), and keeps the form's
 * date on it, checked again once the form has been submitted.
 */
export function useFixedRepaymentDate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as CardAddress: any form with these names
  form: UseFormReturn<any>,
  frequencies: WageFrequency[] | undefined,
  fields: { frequency: string; date: string },
): string | null {
  const { watch, setValue, formState } = form;
  const [frequencyId, date] = watch([fields.frequency, fields.date]) as [unknown, unknown];
  const fixedDate = fixedDateOf(frequencies, frequencyId);
  const validate = formState.isSubmitted;
  const dateField = fields.date;
  useEffect(() => {
    if (fixedDate && date !== fixedDate) setValue(dateField, fixedDate, { shouldValidate: validate });
  }, [fixedDate, date, dateField, setValue, validate]);
  return fixedDate;
}
