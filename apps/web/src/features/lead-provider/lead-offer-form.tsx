import { LEAD_AND_REPEAT_INSTALMENTS, LEAD_SLIDER, QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import type { WageFrequency } from '@lender/contract/dictionaries';
import { poundsToPence } from '@lender/contract/money';
import { formatPounds } from '@lender/contract/pricing/format';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CardAddress, CpaConsent } from '../../components/card/card-address';
import { CardFields } from '../../components/card/card-fields';
import { useFixedRepaymentDate } from '../../components/form/fixed-repayment-date';
import { DateChoice } from '../../components/form/date-choice';
import { ErrorBanner, type ErrorBannerState } from '../../components/form/error-banner';
import { ErrorSummary } from '../../components/form/error-summary';
import { Field } from '../../components/form/field';
import { OptionsSelect, toOptions } from '../../components/form/options-select';
import { SubmitButton } from '../../components/form/submit-button';
import { useContractForm } from '../../components/form/use-contract-form';
import { leadQuoteQuery, useLeadQuote, type LeadQuoteQuery } from './get-lead-quote';
import { LeadQuoteFigures } from './lead-quote-figures';
import { LeadRepresentativeExample } from './lead-representative-example';
import {
  leadOfferDefaults,
  leadOfferFieldFor,
  QUOTE_FIELDS,
  toLeadOfferInput,
  toQuoteQuery,
  type LeadLanded,
  type LeadOfferParsed,
  type LeadOfferValues,
} from './lead-offer-values';

const loadSchema = () => import('@lender/contract/calls/lead-provider').then((m) => m.leadOfferFormSchema);

const pounds = (amount: number) => formatPounds(poundsToPence(amount));

type Props = {
  guid: string;
  landed: LeadLanded;
  wageFrequencies: WageFrequency[] | undefined;
  /** The person changed or calculated the quote (event 3). */
  onCustomerFilled: () => void;
  /** Every card field has a value (event 4). */
  onPaymentFilled: () => void;
  /** Checks the card with the provider and submits the lead; a 400's field messages land on the form. */
  send: (payload: LeadOfferParsed) => Promise<void>;
  onError: (err: unknown) => void;
  /** A refused card and other failures of the last submit, above the button (it takes focus). */
  failure: ErrorBannerState['banner'];
};

/**
 * The lead page's form (spec section 2 'Lead-provider page'): the loan the partner passed on, to adjust
 * and Calculate (the figures are the server's), then the card as at stage 2 with the lead page's billing
 * address, and Submit, the one primary action. Every rule is the contract's leadOfferFormSchema.
 */
export function LeadOfferForm({
  guid,
  landed,
  wageFrequencies,
  onCustomerFilled,
  onPaymentFilled,
  send,
  onError,
  failure,
}: Props) {
  const queryClient = useQueryClient();
  const [defaults] = useState(() => leadOfferDefaults(landed, wageFrequencies));
  const { form, errorOf, formProps, summary, busy, submitFields } = useContractForm<
    LeadOfferValues,
    LeadOfferParsed
  >({
    schema: loadSchema,
    defaultValues: defaults,
    toPayload: toLeadOfferInput(guid),
    fieldFor: leadOfferFieldFor,
    onSubmit: send,
    clearOnFailure: ['creditCard.securityCode'],
    onError,
  });
  const { register, watch, reset } = form;
  // The landing's values once more after the first render, when every select has its options: a select
  // whose value is set before its options exist can read as its first option (as happy-dom does).
  useEffect(() => reset(defaults), [reset, defaults]);
  const [amount, period, wageFrequencyID, repaymentDate] = watch([
    'amount',
    'period',
    'wageFrequencyID',
    'repaymentDate',
  ]);
  const current = toQuoteQuery(guid, { ...defaults, amount, period, wageFrequencyID, repaymentDate });

  // The landing's own choices are priced at once when they are complete; later ones on Calculate.
  const [asked, setAsked] = useState<LeadQuoteQuery | null>(() =>
    defaults.repaymentDate && defaults.wageFrequencyID ? toQuoteQuery(guid, defaults) : null,
  );
  const quote = useLeadQuote(asked);
  const [calculating, setCalculating] = useState(false);
  const changed = JSON.stringify(current) !== JSON.stringify(asked);

  const fixedDate = useFixedRepaymentDate(form, wageFrequencies, {
    frequency: 'wageFrequencyID',
    date: 'repaymentDate',
  });

  const card = watch('creditCard');
  const cardFilled = Object.values(card).every((v) => String(v).trim() !== '');
  useEffect(() => {
    if (cardFilled) onPaymentFilled();
  }, [cardFilled, onPaymentFilled]);

  const quoteChange = { onChange: onCustomerFilled };

  const calculate = () =>
    submitFields([...QUOTE_FIELDS], async (values) => {
      onCustomerFilled();
      const query = toQuoteQuery(guid, values);
      setCalculating(true);
      try {
        // Fetched here so a refusal's field messages land on the form; the figures read the cache.
        await queryClient.fetchQuery(leadQuoteQuery(query));
        setAsked(query);
      } finally {
        setCalculating(false);
      }
    });

  return (
    <form {...formProps} className="form lead-offer">
      <ErrorSummary summary={summary} />

      <section className="card lead-offer__section" aria-labelledby="lead-loan">
        <h2 id="lead-loan">Your loan</h2>
        <Field
          label={
            <span className="lead-amount__label">
              <span>Loan amount</span>
              {/* The slider says its amount itself (aria-valuetext); read once is enough. */}
              <span className="lead-amount__value" aria-hidden="true">
                {pounds(amount)}
              </span>
            </span>
          }
          hint={`From ${pounds(LEAD_SLIDER.min)} to ${pounds(LEAD_SLIDER.max)}, in steps of ${pounds(LEAD_SLIDER.step)}.`}
          error={errorOf('amount')}
        >
          {(a11y) => (
            <input
              {...a11y}
              className="range"
              type="range"
              min={LEAD_SLIDER.min}
              max={LEAD_SLIDER.max}
              step={LEAD_SLIDER.step}
              aria-valuetext={pounds(amount)}
              {...register('amount', { valueAsNumber: true, ...quoteChange })}
            />
          )}
        </Field>
        <div className="lead-offer__pair">
          <Field label="Number of monthly instalments" error={errorOf('period')}>
            {(a11y) => (
              <OptionsSelect
                {...a11y}
                className="select input--short"
                options={LEAD_AND_REPEAT_INSTALMENTS.map((n) => ({ value: n, label: String(n) }))}
                {...register('period', quoteChange)}
              />
            )}
          </Field>
          <Field label="Wage frequency" error={errorOf('wageFrequencyID')}>
            {(a11y) => (
              <OptionsSelect
                {...a11y}
                placeholder="Choose"
                options={toOptions(wageFrequencies)}
                {...register('wageFrequencyID', quoteChange)}
              />
            )}
          </Field>
        </div>
        <Field
          label="Repayment start date"
          hint={fixedDate ? 'Your wage frequency sets this date.' : undefined}
          error={errorOf('repaymentDate')}
        >
          {(a11y) => (
            <DateChoice
              {...a11y}
              window={QUOTE_REPAYMENT_WINDOW}
              fixedDate={fixedDate}
              {...register('repaymentDate', quoteChange)}
            />
          )}
        </Field>
        <LeadQuoteFigures quote={quote.data} stale={changed} />
        <div className="form-actions lead-offer__calculate">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={calculating || undefined}
            data-busy={calculating || undefined}
            onClick={() => void calculate().catch(onError)}
          >
            Calculate
          </button>
        </div>
        <LeadRepresentativeExample />
      </section>

      <section className="card lead-offer__section" aria-labelledby="lead-card">
        <h2 id="lead-card">Your debit card</h2>
        <p>
          We do not take any money from your card now. We only check that the card is yours and active; your
          bank may ask you to confirm that it is you. The card must be a debit card in your own name.
        </p>
        <CardFields form={form} />
        <CardAddress form={form} countyRequired />
        {/* Not charged now, but kept for the repayments: the authority is given here (CONC 7.6, as at stage 2). */}
        <CpaConsent button="Submit" />
      </section>

      <ErrorBanner {...failure} />
      <div className="form-actions">
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </div>
    </form>
  );
}
