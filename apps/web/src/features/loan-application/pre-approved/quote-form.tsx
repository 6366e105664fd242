import type { Quote, QuoteRequest } from '@lender/contract/calls/register';
import { LEAD_AND_REPEAT_INSTALMENTS, QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { formatPence } from '@lender/contract/money';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors, contractResolver } from '../../../components/form/contract-resolver';
import { DateChoice } from '../../../components/form/date-choice';
import { Field } from '../../../components/form/field';
import { OptionsSelect, toOptions } from '../../../components/form/options-select';
import { useFocusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { Page } from '../../../components/page';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { ApiCallError } from '../../../lib/api-client';
import { useAcceptQuote, useCalculateQuote } from './get-quote';

type Values = { amount: string; wageFrequencyID: string; period: string; repaymentDate: string };

const toRequest = (v: Values): QuoteRequest => ({
  amount: v.amount.trim() === '' ? (undefined as never) : Number(v.amount),
  wageFrequencyID: Number(v.wageFrequencyID) || (undefined as never),
  period: Number(v.period) || (undefined as never),
  repaymentDate: v.repaymentDate,
});

const toValues = (q: Quote): Values => ({
  amount: String(q.amount),
  wageFrequencyID: String(q.wageFrequencyID),
  period: String(q.period),
  repaymentDate: q.repaymentDate,
});

const loadQuoteSchema = () => import('@lender/contract/calls/register').then((m) => m.quoteRequestSchema);

const money = (pounds: number) => formatPence(Math.round(pounds * 100));

/** Quote inputs and results; any change since the last quote shows Calculate and marks the quote changed. */
export function QuoteForm({ initial }: { initial: Quote }) {
  const navigate = useNavigate();
  const dictionaries = useDictionaries(['wageFrequencies']);
  const calculate = useCalculateQuote();
  const accept = useAcceptQuote();
  const [quote, setQuote] = useState<Quote>(initial);
  const form = useForm<Values>({
    defaultValues: toValues(initial),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: contractResolver(loadQuoteSchema, toRequest),
  });
  const { register, handleSubmit, watch, setValue, formState, setError } = form;
  const { formRef, onInvalid } = useFocusFirstInvalid();
  const errors = formState.errors;
  const values = watch();
  const changed = JSON.stringify(values) !== JSON.stringify(toValues(quote));

  const fixedDate =
    dictionaries.data?.wageFrequencies?.find((f) => f.id === Number(values.wageFrequencyID))?.enableDate ??
    null;
  useEffect(() => {
    if (fixedDate && values.repaymentDate !== fixedDate) setValue('repaymentDate', fixedDate);
  }, [fixedDate, values.repaymentDate, setValue]);

  const onCalculate = handleSubmit(async (v) => {
    try {
      const next = await calculate.mutateAsync(toRequest(v));
      setQuote(next);
      form.reset(toValues(next));
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 400) {
        applyServerErrors((err.object as { fields?: unknown })?.fields, setError);
        onInvalid();
      }
    }
  }, onInvalid);

  const onAccept = async () => {
    try {
      await accept.mutateAsync(toRequest(toValues(quote)));
      void navigate('/loan/stage2');
    } catch {
      void navigate('/error');
    }
  };

  return (
    <Page
      heading={
        <span className="quote__offer">
          we are happy to offer you {money(quote.borrow)}, for {quote.repayOver}, subject to affordability
          assessment
        </span>
      }
      title="Your quote"
    >
      <div className="quote">
        <form
          ref={formRef}
          onFocusCapture={() => void loadQuoteSchema()}
          className="form"
          noValidate
          onSubmit={onCalculate}
        >
          <Field label="Amount (£)" error={errors.amount?.message}>
            {(a11y) => (
              <input {...a11y} className="input input--short" inputMode="numeric" {...register('amount')} />
            )}
          </Field>
          <Field label="Wage frequency = Day of repayment" error={errors.wageFrequencyID?.message}>
            {(a11y) => (
              <OptionsSelect
                {...a11y}
                placeholder="Choose"
                options={toOptions(dictionaries.data?.wageFrequencies)}
                {...register('wageFrequencyID')}
              />
            )}
          </Field>
          <Field label="Number of monthly instalments" error={errors.period?.message}>
            {(a11y) => (
              <OptionsSelect
                {...a11y}
                className="select input--short"
                options={LEAD_AND_REPEAT_INSTALMENTS.map((n) => ({ value: n, label: String(n) }))}
                {...register('period')}
              />
            )}
          </Field>
          <Field label="Repayment start date" error={errors.repaymentDate?.message}>
            {(a11y) => (
              <DateChoice
                {...a11y}
                window={QUOTE_REPAYMENT_WINDOW}
                fixedDate={fixedDate}
                {...register('repaymentDate')}
              />
            )}
          </Field>
          {changed ? (
            <div className="form-actions">
              <p className="banner banner--info" role="status">
                Your quote has changed. Press Calculate to see your new figures.
              </p>
              <button type="submit" className="button button--secondary">
                Calculate
              </button>
            </div>
          ) : null}
        </form>

        <section aria-labelledby="quote-results" className="card quote__results" data-changed={changed}>
          <h2 id="quote-results">Your repayments</h2>
          <dl>
            <div>
              <dt>Repay over</dt>
              <dd>{quote.repayOver}</dd>
            </div>
            <div>
              <dt>Payment of</dt>
              <dd>{money(quote.paymetOf)}</dd>
            </div>
            <div>
              <dt>Total interest paid</dt>
              <dd>{money(quote.totalInterest)}</dd>
            </div>
            <div>
              <dt>Representative APR</dt>
              <dd>
                {quote.apr.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%
              </dd>
            </div>
            <div>
              <dt>Repayment total</dt>
              <dd>{money(quote.totalRepayment)}</dd>
            </div>
          </dl>
          {changed ? <p className="quote__stale">These figures are for your previous choices.</p> : null}
        </section>

        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => void onAccept()}
            disabled={changed || accept.isPending}
          >
            Accept Quote &gt;
          </button>
        </div>
      </div>
    </Page>
  );
}
