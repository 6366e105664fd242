import { expiryYears } from '@lender/contract/rules/card';
import type { Path } from 'react-hook-form';
import { Field, Fieldset } from '../../../components/form/field';
import { OptionsSelect } from '../../../components/form/options-select';
import type { Stage2FormApi, Stage2Values } from './stage2-values';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
/**
 * Shown by name; the value is the month's number, which is what a browser's card autofill puts in
 * (a zero-based value would turn its January into February).
 */
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: i + 1,
  label: monthName.format(Date.UTC(2000, i)),
}));

type Props = { form: Stage2FormApi; errorOf: (name: Path<Stage2Values>) => string | undefined };

/** The card as the spec lists it: number, security code, name and expiry. */
export function CardFields({ form, errorOf }: Props) {
  const { register, trigger, formState } = form;
  // The expiry's one message lives on the month: a new year re-checks it.
  const recheck = { onChange: () => formState.isSubmitted && void trigger('creditCard.expiryMonth') };
  const expiryError = errorOf('creditCard.expiryMonth');
  return (
    <>
      <Field
        label="Card number"
        hint="The long number on the front of your card"
        error={errorOf('creditCard.cardNumber')}
      >
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            inputMode="numeric"
            autoComplete="cc-number"
            spellCheck={false}
            {...register('creditCard.cardNumber')}
          />
        )}
      </Field>
      <Field
        label="CVV2"
        hint="The last 3 digits on the back of your card"
        error={errorOf('creditCard.securityCode')}
      >
        {(a11y) => (
          <input
            {...a11y}
            className="input input--short"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...register('creditCard.securityCode')}
          />
        )}
      </Field>
      <Field
        label="Name on card"
        hint="As it is written on the card"
        error={errorOf('creditCard.nameOnCard')}
      >
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoComplete="cc-name"
            spellCheck={false}
            {...register('creditCard.nameOnCard')}
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
              {...register('creditCard.expiryMonth')}
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
              {...register('creditCard.endYear', recheck)}
            />
          </div>
        </div>
      </Fieldset>
    </>
  );
}
