import { expiryYears } from '@lender/contract/rules/card';
import { get, type UseFormReturn } from 'react-hook-form';
import { Field, Fieldset } from '../form/field';
import { OptionsSelect } from '../form/options-select';
import type { CardValues } from './card-values';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
/**
 * Shown as printed on a card, '01' to '12', with the month's short name after it for those who think in
 * names ('01 (Jan)'). The value is the month's number, which is what a browser's card autofill puts in
 * (a zero-based value would turn its January into February).
 */
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: i + 1,
  label: `${String(i + 1).padStart(2, '0')} (${monthName.format(Date.UTC(2000, i)).slice(0, 3)})`,
}));

type Props = {
  // The fields work inside any form whose values hold a card (CardValues) under `prefix`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the field names are built at run time
  form: UseFormReturn<any>;
  /** Where the card sits in the form's values: 'creditCard' (stage 2, a new card) or 'card' (a payment). */
  prefix?: string;
};

/**
 * The card as the spec lists it: number, security code, name and expiry (stage 2, a new card, a payment
 * with a new card). The number and code go to the card provider only (lib/card-check).
 */
export function CardFields({ form, prefix = 'creditCard' }: Props) {
  const { trigger, formState } = form;
  const name = (field: keyof CardValues) => `${prefix}.${field}`;
  const register = (field: keyof CardValues, options?: Parameters<typeof form.register>[1]) =>
    form.register(name(field), options);
  const errorOf = (field: keyof CardValues): string | undefined =>
    (get(formState.errors, name(field)) as { message?: string } | undefined)?.message;
  // The expiry's one message lives on the month: a new year re-checks it.
  const recheck = { onChange: () => formState.isSubmitted && void trigger(name('expiryMonth')) };
  const expiryError = errorOf('expiryMonth');
  return (
    <>
      <Field
        label="Card number"
        hint="The long number on the front of your card"
        error={errorOf('cardNumber')}
      >
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            inputMode="numeric"
            autoComplete="cc-number"
            spellCheck={false}
            {...register('cardNumber')}
          />
        )}
      </Field>
      <Field label="CVV2" hint="The last 3 digits on the back of your card" error={errorOf('securityCode')}>
        {(a11y) => (
          <input
            {...a11y}
            className="input input--short"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...register('securityCode')}
          />
        )}
      </Field>
      <Field label="Name on card" hint="As it is written on the card" error={errorOf('nameOnCard')}>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoComplete="cc-name"
            spellCheck={false}
            {...register('nameOnCard')}
          />
        )}
      </Field>
      <Fieldset legend="Expiry date" error={expiryError}>
        <div className="inline-fields">
          <div>
            <label className="field__hint" htmlFor="card-expiry-month">
              Month
            </label>
            <OptionsSelect
              id="card-expiry-month"
              placeholder="Month"
              autoComplete="cc-exp-month"
              aria-invalid={Boolean(expiryError)}
              options={MONTHS}
              {...register('expiryMonth')}
            />
          </div>
          <div>
            <label className="field__hint" htmlFor="card-expiry-year">
              Year
            </label>
            <OptionsSelect
              id="card-expiry-year"
              placeholder="Year"
              autoComplete="cc-exp-year"
              aria-invalid={Boolean(expiryError)}
              options={expiryYears().map((y) => ({ value: y, label: String(y) }))}
              {...register('endYear', recheck)}
            />
          </div>
        </div>
      </Fieldset>
    </>
  );
}
