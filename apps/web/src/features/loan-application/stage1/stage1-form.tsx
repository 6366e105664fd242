import { BRAND } from '@lender/contract/brand';
import { SOFT_SEARCH_SENTENCE } from '@lender/contract/credit-search';
import { DEPENDANTS, STAGE1_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { Link } from 'react-router';
import { AddressFields } from '../../../components/address/address-fields';
import { DateChoice } from '../../../components/form/date-choice';
import { DigitsInput } from '../../../components/form/digits-input';
import { ErrorSummary } from '../../../components/form/error-summary';
import { CheckboxField, Field } from '../../../components/form/field';
import { OptionsSelect, toOptions } from '../../../components/form/options-select';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { YesNo } from '../../../components/form/yes-no';
import { useFixedRepaymentDate } from '../../../components/form/fixed-repayment-date';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { EmailInput } from '../../../components/form/email-input';
import { MobileInput } from '../../../components/form/mobile-input';
import { DobFields } from './dob-fields';
import {
  stage1Defaults,
  stage1FieldFor,
  toStage1Payload,
  type LoanChoice,
  type Stage1Parsed,
  type Stage1Values,
  type Tracking,
} from './stage1-values';

type Props = {
  /** Null in the prerendered page, which has no query (the form is inert there: InertUntilHydrated). */
  loan: LoanChoice | null;
  tracking: () => Tracking;
  /** Sends the checked payload; a 400 with field messages is shown on the form by the form hook. */
  send: (payload: Stage1Parsed) => Promise<void>;
  onError: (err: unknown) => void;
};

const loadStage1Schema = () => import('@lender/contract/calls/register').then((m) => m.stage1Schema);

export function Stage1Form({ loan, tracking, send, onError }: Props) {
  const dictionaries = useDictionaries(['titles', 'wageFrequencies']);
  const { form, errorOf, formProps, summary, busy } = useContractForm<Stage1Values, Stage1Parsed>({
    schema: loadStage1Schema,
    defaultValues: stage1Defaults,
    toPayload: (v) => {
      if (!loan) throw new Error('stage 1 sent before the page was ready');
      return toStage1Payload(v, loan, tracking());
    },
    fieldFor: stage1FieldFor,
    onSubmit: send,
    onError,
  });
  const { register, watch, setValue } = form;
  const fixedDate = useFixedRepaymentDate(form, dictionaries.data?.wageFrequencies, {
    frequency: 'frequencyCategory',
    date: 'nextPayDate',
  });

  const dependants = watch('numDependents');
  const isResident = watch('isResident');

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <p>
        Already a customer? <Link to="/login">Log in to your account</Link> to apply for a new loan.
      </p>

      <h2>About you</h2>
      <Field label="Title" error={errorOf('titleId')}>
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
      <Field label="First name" error={errorOf('firstName')}>
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
      <Field label="Surname" error={errorOf('lastName')}>
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
      <DobFields form={form} error={errorOf('dobDay')} />
      <Field label="E-mail" error={errorOf('email')}>
        {(a11y) => <EmailInput {...a11y} {...register('email')} />}
      </Field>
      <YesNo
        legend="Are you a resident of England or Wales?"
        value={isResident}
        onChange={(v) => setValue('isResident', v)}
      />

      <h2>Your address</h2>
      <AddressFields form={form} />

      <h2>Contact and income</h2>
      <Field label="Mobile" hint="For example 07111111111" error={errorOf('mobile')}>
        {(a11y) => <MobileInput {...a11y} {...register('mobile')} />}
      </Field>
      <Field
        label="Net monthly income (£)"
        hint="Your take-home pay per payslip"
        error={errorOf('monthlynetPay')}
      >
        {(a11y) => <DigitsInput {...a11y} {...register('monthlynetPay')} />}
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
      <Field label="Wage frequency" error={errorOf('frequencyCategory')}>
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
        error={errorOf('nextPayDate')}
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

      <CheckboxField
        label={`I would like to hear about offers and news from ${BRAND.name} by e-mail and SMS.`}
      >
        {(a11y) => <input {...a11y} type="checkbox" {...register('newsFromUs')} />}
      </CheckboxField>
      <CheckboxField
        error={errorOf('confirmation')}
        summaryName="Privacy policy, terms and credit search agreement"
        label={
          <>
            I agree to the <Link to="/info/privacy-policy">privacy policy</Link> and the{' '}
            <Link to="/info/terms-of-use">terms of use</Link>, and I agree that you may search credit
            reference agencies (Experian, Equifax or TransUnion) to check my application: a soft search now,
            and a hard search before any loan agreement is made. How they use my information is in the{' '}
            <Link to="/info/privacy-policy#credit-reference-agencies">
              Credit Reference Agency Information Notice (CRAIN)
            </Link>
            .
          </>
        }
      >
        {(a11y) => <input {...a11y} type="checkbox" {...register('confirmation')} />}
      </CheckboxField>

      <p className="form-note" id="soft-search-note">
        {SOFT_SEARCH_SENTENCE}.
      </p>
      <div className="form-actions">
        <SubmitButton busy={busy}>Next</SubmitButton>
      </div>
    </form>
  );
}
