import { BRAND } from '@lender/contract/brand';
import { DEPENDANTS, STAGE1_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { AddressFields, type AddressValues } from '../../../components/address/address-fields';
import { contractResolver } from '../../../components/form/contract-resolver';
import { DateChoice } from '../../../components/form/date-choice';
import { Field } from '../../../components/form/field';
import { OptionsSelect, toOptions } from '../../../components/form/options-select';
import { useFocusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { YesNo } from '../../../components/form/yes-no';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { DobFields } from './dob-fields';
import {
  stage1Defaults,
  stage1FieldFor,
  toStage1Payload,
  type LoanChoice,
  type Stage1Values,
  type Tracking,
} from './stage1-values';

type Props = {
  loan: LoanChoice;
  tracking: Tracking;
  onSubmit: (values: Stage1Values, form: UseFormReturn<Stage1Values>) => Promise<void>;
};

const loadStage1Schema = () => import('@lender/contract/calls/register').then((m) => m.stage1Schema);

export function Stage1Form({ loan, tracking, onSubmit }: Props) {
  const dictionaries = useDictionaries(['titles', 'wageFrequencies']);
  const form = useForm<Stage1Values>({
    defaultValues: stage1Defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    resolver: contractResolver(
      loadStage1Schema,
      (v: Stage1Values) => toStage1Payload(v, loan, tracking),
      stage1FieldFor,
    ),
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const errors = formState.errors;

  // A wage frequency with a fixed date fills the date in and locks it.
  const frequencyId = Number(watch('frequencyCategory'));
  const fixedDate = dictionaries.data?.wageFrequencies?.find((f) => f.id === frequencyId)?.enableDate ?? null;
  useEffect(() => {
    if (fixedDate) setValue('nextPayDate', fixedDate, { shouldValidate: formState.isSubmitted });
  }, [fixedDate, setValue, formState.isSubmitted]);

  const dependants = watch('numDependents');
  const isResident = watch('isResident');

  return (
    <form
      ref={formRef}
      onFocusCapture={() => void loadStage1Schema()}
      className="form"
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(v, form), onInvalid)}
    >
      <p>
        Already a customer? <Link to="/login">Log in to your account</Link> to apply for a new loan.
      </p>

      <h2>About you</h2>
      <Field label="Title" error={errors.titleId?.message}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            className="select input--short"
            autoComplete="honorific-prefix"
            placeholder="Choose"
            options={toOptions(dictionaries.data?.titles)}
            {...register('titleId')}
          />
        )}
      </Field>
      <Field label="First name" error={errors.firstName?.message}>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoComplete="given-name"
            maxLength={50}
            {...register('firstName')}
          />
        )}
      </Field>
      <Field label="Surname" error={errors.lastName?.message}>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            autoComplete="family-name"
            maxLength={50}
            {...register('lastName')}
          />
        )}
      </Field>
      <DobFields form={form} error={errors.dobDay?.message} />
      <Field label="E-mail" error={errors.email?.message}>
        {(a11y) => (
          <input {...a11y} className="input" type="email" autoComplete="email" {...register('email')} />
        )}
      </Field>
      <YesNo
        legend="Are you a resident of England or Wales?"
        value={isResident}
        onChange={(v) => setValue('isResident', v)}
      />

      <h2>Your address</h2>
      <AddressFields form={form as unknown as UseFormReturn<AddressValues & Record<string, unknown>>} />

      <h2>Contact and income</h2>
      <Field label="Mobile" hint="For example 07111111111" error={errors.mobile?.message}>
        {(a11y) => (
          <input
            {...a11y}
            className="input input--short"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            {...register('mobile')}
          />
        )}
      </Field>
      <Field
        label="Net monthly income (£)"
        hint="Your take-home pay per payslip"
        error={errors.monthlynetPay?.message}
      >
        {(a11y) => (
          <input
            {...a11y}
            className="input input--short"
            inputMode="numeric"
            autoComplete="off"
            {...register('monthlynetPay')}
          />
        )}
      </Field>
      <Field label={`Number of dependants: ${dependants}`}>
        {(a11y) => (
          <input
            {...a11y}
            className="range"
            type="range"
            min={DEPENDANTS.min}
            max={DEPENDANTS.max}
            step={1}
            aria-valuetext={`${dependants} dependants`}
            {...register('numDependents', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field label="Wage frequency" error={errors.frequencyCategory?.message}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose how often you are paid"
            options={toOptions(dictionaries.data?.wageFrequencies)}
            {...register('frequencyCategory')}
          />
        )}
      </Field>
      <Field
        label="Start of repayments"
        hint={
          fixedDate
            ? 'Set by your wage frequency.'
            : 'A weekday 6 to 45 days from today, ideally your next payday.'
        }
        error={errors.nextPayDate?.message}
      >
        {(a11y) => (
          <DateChoice
            {...a11y}
            window={STAGE1_REPAYMENT_WINDOW}
            fixedDate={fixedDate}
            {...register('nextPayDate')}
          />
        )}
      </Field>

      <div className="field">
        <label className="choice">
          <input type="checkbox" {...register('newsFromUs')} />
          <span>I would like to hear about offers and news from {BRAND.name} by e-mail and SMS.</span>
        </label>
      </div>
      <div className={`field${errors.confirmation ? ' field--error' : ''}`}>
        {errors.confirmation ? (
          <p className="field__error" id="confirmation-error">
            <span className="visually-hidden">Error: </span>
            {errors.confirmation.message}
          </p>
        ) : null}
        <label className="choice">
          <input
            type="checkbox"
            aria-invalid={Boolean(errors.confirmation)}
            aria-describedby={errors.confirmation ? 'confirmation-error' : undefined}
            {...register('confirmation')}
          />
          <span>
            I agree to the <Link to="/info/privacy-policy">privacy policy</Link> and the{' '}
            <Link to="/info/terms-of-use">terms of use</Link>, and I agree that you may search credit
            reference agencies to check my application.
          </span>
        </label>
      </div>

      <div className="form-actions">
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          Next
        </button>
      </div>
    </form>
  );
}
