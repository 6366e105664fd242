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
import { displayDate, money } from './borrow-format';

/** What the form holds: strings as the inputs give them, checked by newCardFormSchema on submit. */
type Values = { creditCard: CardValues; isHomeAddress: boolean; address: AddressValues };

const defaults: Values = { creditCard: emptyCard, isHomeAddress: true, address: emptyAddress };

const toForm = (v: Values): z.input<typeof newCardFormSchema> => ({
  creditCard: toCreditCardInput(v.creditCard),
  // Null when the card's address is the home address, as at stage 2.
  address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
});

const loadSchema = () => import('@lender/contract/rules/payment').then((m) => m.newCardFormSchema);

/** What a new card's authority will collect first (GetScheduleSummary's nextInstalment). */
export type FirstCollection = { date: string; amount: number; collectOn: string };

/** Said before the card is added (issue 45): what the authority it gives will collect, and when. */
export function firstCollectionText(next: FirstCollection): string {
  return next.date < next.collectOn
    ? `When you add this card, we will collect your overdue repayment of ${money(next.amount)} from it tonight, ${displayDate(next.collectOn)}, and each later repayment on its date.`
    : `When you add this card, we will collect your next repayment of ${money(next.amount)} from it on ${displayDate(next.collectOn)}, and each later repayment on its date.`;
}

type Props = {
  /** What the authority will collect first; null when nothing is to be collected (or not known). */
  firstCollection?: FirstCollection | null;
  /** Checks the card with the provider and adds it; a 400 with field messages lands on the form. */
  send: (form: NewCardForm) => Promise<void>;
  onError: (err: unknown, focusCard: () => void) => void;
};

/** borrow/update-card's form: the card (spec section 2) and, when it differs, its billing address. */
export function UpdateCardForm({ send, onError, firstCollection = null }: Props) {
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
      {firstCollection ? <p className="payment-note">{firstCollectionText(firstCollection)}</p> : null}

      <div className="form-actions">
        <SubmitButton busy={busy}>Add card</SubmitButton>
      </div>
    </form>
  );
}
