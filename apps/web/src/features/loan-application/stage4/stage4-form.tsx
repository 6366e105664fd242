import type { BankDetails } from '@lender/contract/rules/bank';
import { ErrorBanner, type ErrorBannerState } from '../../../components/form/error-banner';
import { DigitsInput } from '../../../components/form/digits-input';
import { ErrorSummary } from '../../../components/form/error-summary';
import { Field } from '../../../components/form/field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';

type Values = { sortCode: string; bankAccountNumber: string };

type Props = {
  /** Sends the checked payload; a 400 with field messages is shown on the form by the form hook. */
  send: (payload: BankDetails) => Promise<void>;
  onError: (err: unknown) => void;
  /** The server's message for a refused submit, shown above the button. */
  /** Why the last submit failed, above the button (the page's useErrorBanner: it takes focus). */
  failure: ErrorBannerState['banner'];
};

const loadStage4Schema = () => import('@lender/contract/calls/register-stages').then((m) => m.stage4Schema);

/** Sort code and account number, for the transfer of the loan; nothing here is kept in the browser. */
export function Stage4Form({ send, onError, failure }: Props) {
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, BankDetails>({
    schema: loadStage4Schema,
    defaultValues: { sortCode: '', bankAccountNumber: '' },
    onSubmit: send,
    onError,
  });
  const { register } = form;

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      <p>Your bank details are used to transfer the money to you.</p>
      <Field label="Sort code" hint="Must be 6 digits long" error={errorOf('sortCode')}>
        {(a11y) => <DigitsInput {...a11y} {...register('sortCode')} />}
      </Field>
      <Field label="Account number" hint="Must be 8 digits long" error={errorOf('bankAccountNumber')}>
        {(a11y) => <DigitsInput {...a11y} {...register('bankAccountNumber')} />}
      </Field>

      <ErrorBanner {...failure} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </div>
    </form>
  );
}
