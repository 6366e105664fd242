import type { ReactNode } from 'react';
import { saveDraft } from '../../../lib/form-draft';
import { ErrorBanner, type ErrorBannerState } from '../../../components/form/error-banner';
import { ErrorSummary } from '../../../components/form/error-summary';
import { CheckboxField, Field } from '../../../components/form/field';
import { OptionsSelect, toOptions } from '../../../components/form/options-select';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { EmploymentFields } from '../../../components/form/employment-fields';
import { HomeFields } from '../../../components/form/home-fields';
import { ExpenseFields } from '../../../components/form/expense-fields';
import {
  stage3Defaults,
  stage3FieldFor,
  toStage3Payload,
  type Stage3Parsed,
  type Stage3Values,
} from './stage3-values';

/** The key the answers are kept under while the applicant is at their bank. */
export const STAGE3_DRAFT = 'stage3';

type Props = {
  /** Sends the checked payload; a 400 with field messages is shown on the form by the form hook. */
  send: (payload: Stage3Parsed) => Promise<void>;
  onError: (err: unknown) => void;
  /** The server's message for a refused submit, shown above the button. */
  /** Why the last submit failed, above the button (the page's useErrorBanner: it takes focus). */
  failure: ErrorBannerState['banner'];
  /** The net monthly income given at stage 1 (GetApplicationStatus), for what the expenses leave of it. */
  income: number | null;
  /** What the applicant typed before they left for their bank (issue 49), or null. */
  draft: Stage3Values | null;
  /** The bank connection's panel, given a way to keep the answers typed so far. */
  bankPanel: (keepAnswers: () => void) => ReactNode;
};

const loadStage3Schema = () => import('@lender/contract/calls/register-stages').then((m) => m.stage3Schema);

export function Stage3Form({ send, onError, failure, income, draft, bankPanel }: Props) {
  const dictionaries = useDictionaries([
    'residentalStatus',
    'livedInAddress',
    'employmentStatus',
    'employmentIndustry',
    'loanReason',
    'maritalStatus',
  ]);
  const { form, errorOf, formProps, summary, busy } = useContractForm<Stage3Values, Stage3Parsed>({
    schema: loadStage3Schema,
    defaultValues: draft ?? stage3Defaults,
    toPayload: toStage3Payload,
    fieldFor: stage3FieldFor,
    onSubmit: send,
    onError,
  });
  const { register } = form;
  const lists = dictionaries.data;

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <p>We ask about these so that we only lend what you can afford to repay.</p>
      {bankPanel(() => saveDraft(STAGE3_DRAFT, form.getValues()))}

      <h2>Address details</h2>
      <HomeFields form={form} lists={lists} errorOf={errorOf} livedField="liveInAddressID" />

      <h2>Employment details</h2>
      <EmploymentFields form={form} lists={lists} errorOf={errorOf} />

      <h2>Monthly Expenses</h2>
      <ExpenseFields form={form} group="finData" income={income} />

      <h2>Final details</h2>
      <Field label="Loan reason" error={errorOf('finData.loanPurposeID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists?.loanReason)}
            {...register('finData.loanPurposeID')}
          />
        )}
      </Field>
      <Field label="Marital status" error={errorOf('maritalStatusID')}>
        {(a11y) => (
          <OptionsSelect
            {...a11y}
            placeholder="Choose"
            options={toOptions(lists?.maritalStatus)}
            {...register('maritalStatusID')}
          />
        )}
      </Field>
      <CheckboxField
        error={errorOf('confirmation')}
        summaryName="Confirmation of future income and outgoings"
        label="I confirm that I have considered potential future income and outgoings in determining my ability to repay"
      >
        {(a11y) => <input {...a11y} type="checkbox" {...register('confirmation')} />}
      </CheckboxField>

      <ErrorBanner {...failure} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Next</SubmitButton>
      </div>
    </form>
  );
}
