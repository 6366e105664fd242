import { BRAND } from '@lender/contract/brand';
import type { PaymentCardForm } from '@lender/contract/rules/payment';
import { useMemo, type ReactNode } from 'react';
import { CardFields } from '../../components/card/card-fields';
import {
  cardFieldFor,
  emptyCard,
  toCreditCardInput,
  type CardValues,
} from '../../components/card/card-values';
import { ErrorSummary } from '../../components/form/error-summary';
import { CheckboxField } from '../../components/form/field';
import { RadioChoices } from '../../components/form/radio-choices';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { displayDate, money } from './borrow-format';
import { BorrowTable, type Column } from './borrow-table';
import { BankTransferDetails } from './bank-transfer';
import type { PlanCost, PlanRows } from './card-payment';
import { PlanCostFacts } from './plan-cost';
import { REFINANCE_SHEET } from '@lender/contract/rules/refinance-sheet';
import {
  emptyIncomeCheck,
  IncomeCheckFields,
  toIncomeAndOutgoings,
  type IncomeCheckValues,
} from './income-check-fields';

/** The card on file, a new card for this payment only, or (a blocked card) a bank transfer. */
type CardChoice = 'file' | 'new' | 'bank';
type Values = {
  /** Null: a blocked card's customer has not chosen yet (no default where money is at stake). */
  cardChoice: CardChoice | null;
  card: CardValues;
  agreemant: boolean;
  informationSheetSeen: boolean;
  incomeAndOutgoings: IncomeCheckValues;
};

/**
 * The FCA's arrears information sheet, which CONC 6.7.20R gives (with its modifications) before a
 * refinance; see REFINANCE_SHEET for what of the modified text is shown.
 */
export const FCA_ARREARS_SHEET = REFINANCE_SHEET.url;

type Props = {
  /** What this step says is being paid now; null when the customer only reschedules (no card). */
  amount: number | null;
  /** First: what is being paid and what happens to the loan. */
  about?: ReactNode;
  /** The new plan Calculate answered, at the schedule step. */
  rows: PlanRows | null;
  /** What that plan costs beside today's (MyAccountArea/PlanCost), shown before the customer accepts it. */
  cost?: PlanCost | null;
  /**
   * The card on file is blocked (issue 45): this payment is made once, by a new card that is not kept
   * and gives no authority, or by bank transfer to the loan's reference (`blocked.reference`).
   */
  blocked?: { reference: number } | null;
  /** The CPA agreement tick box (the schedule step). */
  agreement: boolean;
  /** The plan extends the loan (a refinance): the information sheet and the affordability tick boxes. */
  refinance?: boolean;
  /**
   * A blocked loan's plan paid by other means (issue 46 item 7): the income check, how to pay each
   * payment (`otherMeans.reference` for a bank transfer), and an agreement with no card authority.
   */
  otherMeans?: { reference: number } | null;
  submitLabel: string;
  /** The card on file's last four digits, which its choice names (issue 45). */
  cardLast4?: string | null;
  /** Back from a refused challenge: a new card is offered first (spec section 4). */
  newCard: boolean;
  send: (form: PaymentCardForm) => Promise<void>;
  onBack: () => void;
  onError: (err: unknown) => void;
};

type Row = PlanRows[number];
const PLAN_COLUMNS: readonly Column<Row>[] = [
  { header: 'Payment date', cell: (r) => displayDate(r.paymentDate) },
  { header: 'Amount', cell: (r) => money(r.amount), numeric: true },
];

/**
 * The step that pays, reschedules, or both (spec section 4): step 1 of 'Pay total' (the card, Submit),
 * step 2 of 'Other amount' (the new plan, the card, the CPA agreement, 'Accept and proceed') and of a
 * reschedule (the plan and the agreement, 'Accept schedule').
 */
export function PayStep(props: Props) {
  const {
    amount,
    about,
    rows,
    cost = null,
    blocked = null,
    agreement,
    refinance = false,
    otherMeans = null,
    submitLabel,
    cardLast4 = null,
    newCard,
    send,
    onBack,
    onError,
  } = props;
  const paying = amount !== null;
  const incomeCheck = otherMeans !== null;
  const schema = useMemo(
    () => () =>
      import('@lender/contract/rules/payment').then((m) =>
        m.paymentCardFormSchema({ agreement, refinance, incomeCheck }),
      ),
    [agreement, refinance, incomeCheck],
  );
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, PaymentCardForm>({
    schema,
    defaultValues: {
      cardChoice: newCard ? 'new' : blocked ? null : 'file',
      card: emptyCard,
      agreemant: false,
      informationSheetSeen: false,
      incomeAndOutgoings: emptyIncomeCheck,
    },
    toPayload: (v) => {
      const useExistingCard = !paying || v.cardChoice === 'file';
      return {
        useExistingCard,
        card: useExistingCard ? null : toCreditCardInput(v.card),
        agreemant: v.agreemant,
        informationSheetSeen: v.informationSheetSeen,
        incomeAndOutgoings: refinance || incomeCheck ? toIncomeAndOutgoings(v.incomeAndOutgoings) : null,
      };
    },
    fieldFor: cardFieldFor('card'),
    onSubmit: send,
    clearOnFailure: ['card.securityCode'],
    onError,
  });
  const { register, watch, setValue, clearErrors } = form;
  const cardChoice = watch('cardChoice');
  const choose = (choice: CardChoice) => {
    setValue('cardChoice', choice);
    if (choice !== 'new') clearErrors('card');
  };
  // A blocked card's customer sends nothing from here until they choose the new card; by bank transfer
  // they send the money from their bank.
  const canSubmit = !blocked || cardChoice === 'new';

  return (
    <form {...formProps} className="form">
      <ErrorSummary summary={summary} />
      {about}
      {rows ? (
        <BorrowTable
          title="Your new payment plan"
          empty="There are no payments left to plan."
          columns={PLAN_COLUMNS}
          rows={rows}
        />
      ) : null}
      {cost ? <PlanCostFacts cost={cost} /> : null}
      {paying && blocked ? (
        <>
          <RadioChoices
            legend="How would you like to pay?"
            value={cardChoice}
            onChange={choose}
            items={[
              {
                value: 'new',
                label: 'A debit card, for this payment only',
                hint: 'We take this one payment and do not keep the card: it sets up no further collections. Your bank may ask you to confirm that it is you.',
              },
              {
                value: 'bank',
                label: 'Bank transfer',
                hint: 'Send the money from your bank account to ours, with your loan number as the reference.',
              },
            ]}
          />
          {cardChoice === 'bank' ? (
            <BankTransferDetails reference={blocked.reference} amount={amount} />
          ) : null}
        </>
      ) : null}
      {paying && !blocked ? (
        <RadioChoices
          legend="Which card would you like to pay with?"
          value={cardChoice}
          onChange={choose}
          items={[
            {
              value: 'file',
              label: cardLast4 ? `The card on file, ending ${cardLast4}` : 'The card on file',
              hint: 'The debit card we hold for your repayments.',
            },
            {
              value: 'new',
              label: 'A new debit card',
              hint: 'For this payment only: your repayments stay on the card on file. Your bank may ask you to confirm that it is you.',
            },
          ]}
        />
      ) : null}
      {paying && cardChoice === 'new' ? (
        <div className="payment-new-card">
          <CardFields form={form} prefix="card" />
        </div>
      ) : null}
      {refinance ? (
        <div className="payment-refinance">
          <h3>{REFINANCE_SHEET.title}</h3>
          <p>
            This plan moves a payment later than it is due now, so it extends your loan (a refinance) and
            costs more interest. Before you agree to it, please read the Financial Conduct Authority&rsquo;s{' '}
            <a href={FCA_ARREARS_SHEET} target="_blank" rel="noreferrer">
              arrears information sheet (opens in a new tab)
            </a>
            , which explains where to get free, independent debt advice.
          </p>
          <CheckboxField
            error={errorOf('informationSheetSeen')}
            summaryName="Arrears information sheet"
            label="I have read the arrears information sheet"
          >
            {(a11y) => <input {...a11y} type="checkbox" {...register('informationSheetSeen')} />}
          </CheckboxField>
          <IncomeCheckFields register={register} errorOf={errorOf} />
        </div>
      ) : null}
      {otherMeans ? (
        <div className="payment-refinance">
          <p>
            Each payment is yours to make, on or before its date: by bank transfer to the account below, or by
            card from &lsquo;Make a payment&rsquo;, where the card is used once and not kept.
          </p>
          <BankTransferDetails reference={otherMeans.reference} amount={null} />
          <IncomeCheckFields register={register} errorOf={errorOf} />
        </div>
      ) : null}
      {agreement ? (
        <CheckboxField
          error={errorOf('agreemant')}
          summaryName="Payment plan agreement"
          label={
            otherMeans
              ? `I agree to this payment plan, and to pay each payment to ${BRAND.name} on or before its date. Nothing is collected from a card.`
              : `I agree to this payment plan, and that ${BRAND.name} may collect each payment from my card on its date under a Continuous Payment Authority (CPA).`
          }
        >
          {(a11y) => <input {...a11y} type="checkbox" {...register('agreemant')} />}
        </CheckboxField>
      ) : null}
      <div className="form-actions">
        {canSubmit ? <SubmitButton busy={busy}>{submitLabel}</SubmitButton> : null}
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}
