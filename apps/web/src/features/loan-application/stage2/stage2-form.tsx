import { CardAddress, CpaConsent } from '../../../components/card/card-address';
import { CardFields } from '../../../components/card/card-fields';
import { ErrorSummary } from '../../../components/form/error-summary';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import {
  stage2Defaults,
  stage2FieldFor,
  toStage2Form,
  type Stage2Parsed,
  type Stage2Values,
} from './stage2-values';

type Props = {
  /** Checks the card with the provider and submits stage 2; a 400 with field messages lands on the form. */
  send: (payload: Stage2Parsed) => Promise<void>;
  onError: (err: unknown) => void;
};

const loadStage2FormSchema = () =>
  import('@lender/contract/calls/register-stages').then((m) => m.stage2FormSchema);

export function Stage2Form({ send, onError }: Props) {
  const { form, formProps, summary, busy } = useContractForm<Stage2Values, Stage2Parsed>({
    schema: loadStage2FormSchema,
    defaultValues: stage2Defaults,
    toPayload: toStage2Form,
    fieldFor: stage2FieldFor,
    onSubmit: send,
    clearOnFailure: ['creditCard.securityCode'],
    onError,
  });
  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />

      <h2>Your debit card</h2>
      <p>The card must be a debit card in your own name.</p>
      <CardFields form={form} />

      <CardAddress form={form} />
      <CpaConsent button="Next" />

      <div className="form-actions">
        <SubmitButton busy={busy}>Next</SubmitButton>
      </div>
    </form>
  );
}
