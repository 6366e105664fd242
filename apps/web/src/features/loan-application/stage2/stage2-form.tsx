import { BRAND, telHref } from '@lender/contract/brand';
import { AddressFields } from '../../../components/address/address-fields';
import { CardFields } from '../../../components/card/card-fields';
import { ErrorSummary } from '../../../components/form/error-summary';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { YesNo } from '../../../components/form/yes-no';
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

const loadStage2FormSchema = () => import('@lender/contract/calls/register').then((m) => m.stage2FormSchema);

export function Stage2Form({ send, onError }: Props) {
  const { form, formProps, summary, busy } = useContractForm<Stage2Values, Stage2Parsed>({
    schema: loadStage2FormSchema,
    defaultValues: stage2Defaults,
    toPayload: toStage2Form,
    fieldFor: stage2FieldFor,
    onSubmit: async (payload) => {
      try {
        await send(payload);
      } catch (err) {
        // Every new attempt is a new tokenisation, which needs the code typed again; it is not kept.
        form.setValue('creditCard.securityCode', '');
        throw err;
      }
    },
    onError,
  });
  const { watch, setValue, clearErrors } = form;
  const isHomeAddress = watch('isHomeAddress');
  const chooseHomeAddress = (home: boolean) => {
    setValue('isHomeAddress', home);
    // The billing block's messages go with it.
    if (home) clearErrors('address');
  };

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />

      <h2>Your debit card</h2>
      <p>The card must be a debit card in your own name.</p>
      <CardFields form={form} />

      <h2>Card address</h2>
      <YesNo
        legend="Is your card address the same as your home address?"
        value={isHomeAddress}
        onChange={chooseHomeAddress}
      />
      {isHomeAddress ? null : (
        <AddressFields form={form} prefix="address" autofill="billing" addressLabel="Billing address" />
      )}

      <h2>Continuous Payment Authority</h2>
      <p>
        By pressing Next you give {BRAND.name} a Continuous Payment Authority (CPA) on this card. A CPA lets
        us take each repayment from the card when it is due, as your loan agreement sets out.
      </p>
      <p>
        You can cancel it at any time by calling us on{' '}
        <a href={telHref(BRAND.supportPhone)}>{BRAND.supportPhone}</a> or by telling your bank.
      </p>

      <div className="form-actions">
        <SubmitButton busy={busy}>Next</SubmitButton>
      </div>
    </form>
  );
}
