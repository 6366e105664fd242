import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import type { NewCardForm, newCardFormSchema } from '@lender/contract/rules/payment';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../components/address/address-fields';
import { CardAddress, CpaConsent } from '../../components/card/card-address';
import { CardFields } from '../../components/card/card-fields';
import {
  cardFieldFor,
  emptyCard,
  toCreditCardInput,
  type CardValues,
} from '../../components/card/card-values';
import { ErrorSummary } from '../../components/form/error-summary';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';

/** What the form holds: strings as the inputs give them, checked by newCardFormSchema on submit. */
type Values = { creditCard: CardValues; isHomeAddress: boolean; address: AddressValues };

const defaults: Values = { creditCard: emptyCard, isHomeAddress: true, address: emptyAddress };

const toForm = (v: Values): z.input<typeof newCardFormSchema> => ({
  creditCard: toCreditCardInput(v.creditCard),
  // Null when the card's address is the home address, as at stage 2.
  address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
});

const loadSchema = () => import('@lender/contract/rules/payment').then((m) => m.newCardFormSchema);

type Props = {
  /** Checks the card with the provider and adds it; a 400 with field messages lands on the form. */
  send: (form: NewCardForm) => Promise<void>;
  onError: (err: unknown, focusCard: () => void) => void;
};

/** borrow/update-card's form: the card (spec section 2) and, when it differs, its billing address. */
export function UpdateCardForm({ send, onError }: Props) {
  const { form, formProps, summary, busy } = useContractForm<Values, NewCardForm>({
    schema: loadSchema,
    defaultValues: defaults,
    toPayload: toForm,
    fieldFor: cardFieldFor('creditCard'),
    onSubmit: send,
    clearOnFailure: ['creditCard.securityCode'],
    onError: (err) => onError(err, () => form.setFocus('creditCard.cardNumber')),
  });
  return (
    <form {...formProps} className="form borrow-form">
      <ErrorSummary summary={summary} />

      <h2>Your new debit card</h2>
      <p>The card must be a debit card in your own name. It replaces the card we hold for your repayments.</p>
      <CardFields form={form} />

      <CardAddress form={form} />
      <CpaConsent button="Add card" />

      <div className="form-actions">
        <SubmitButton busy={busy}>Add card</SubmitButton>
      </div>
    </form>
  );
}
