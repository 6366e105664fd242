import type { Quote, QuoteRequest } from '@lender/contract/calls/register';
import { LEAD_AND_REPEAT_INSTALMENTS, QUOTE_REPAYMENT_WINDOW } from '@lender/contract/constants';
import { formatPence, parseWholePounds, poundsToPence } from '@lender/contract/money';
import { formatApr } from '@lender/contract/pricing/format';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFixedRepaymentDate } from '../../../components/form/fixed-repayment-date';
import { DateChoice } from '../../../components/form/date-choice';
import { ErrorSummary } from '../../../components/form/error-summary';
import { Field } from '../../../components/form/field';
import { OptionsSelect, toOptions } from '../../../components/form/options-select';
import { SubmitButton } from '../../../components/form/submit-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Page } from '../../../components/page';
import { RepaymentScheduleTable } from '../../../components/repayment-schedule-table';
import { useDictionaries } from '../../../lib/api/get-dictionaries';
import { useAcceptQuote, useCalculateQuote } from './get-quote';

type Values = { amount: string; wageFrequencyID: string; period: string; repaymentDate: string };

/** The inputs as the request to check; a field left empty stays undefined so the schema gives its message. */
const toRequest = (v: Values): Partial<QuoteRequest> => ({
  amount: parseWholePounds(v.amount),
  wageFrequencyID: Number(v.wageFrequencyID) || undefined,
  period: Number(v.period) || undefined,
  repaymentDate: v.repaymentDate,
});

const toValues = (q: Quote): Values => ({
  amount: String(q.amount),
  wageFrequencyID: String(q.wageFrequencyID),
  period: String(q.period),
  repaymentDate: q.repaymentDate,
});

const loadQuoteSchema = () => import('@lender/contract/calls/register').then((m) => m.quoteRequestSchema);

const money = (pounds: number) => formatPence(poundsToPence(pounds));

/** Every repayment in pence, and their sum: the schedule's total row, which is the repayment total. */
const scheduleInPence = (quote: Quote) => {
  const lines = quote.schedule.map((line) => ({ date: line.paymentDate, pence: poundsToPence(line.amount) }));
  return { lines, totalPence: lines.reduce((sum, line) => sum + line.pence, 0) };
};

/**
 * Quote results and inputs; any change since the last quote shows Calculate and marks the quote changed.
 * The spec's heading sentence is the lead under a short h1, which reads on a 360 px screen.
 */
export function QuoteForm({ initial }: { initial: Quote }) {
  const navigate = useNavigate();
  const dictionaries = useDictionaries(['wageFrequencies']);
  const calculate = useCalculateQuote();
  const accept = useAcceptQuote();
  const [quote, setQuote] = useState<Quote>(initial);
  const results = useRef<HTMLElement>(null);
  const { form, errorOf, formProps, summary, busy } = useContractForm<Values, QuoteRequest>({
    schema: loadQuoteSchema,
    defaultValues: toValues(initial),
    toPayload: toRequest,
    onSubmit: async (request) => {
      const next = await calculate.mutateAsync(request);
      setQuote(next);
      form.reset(toValues(next));
      // On a phone the figures sit above the inputs: bring the new ones into view.
      if ((results.current?.getBoundingClientRect().top ?? 0) < 0) {
        results.current?.scrollIntoView({ block: 'start' });
      }
    },
    // Field messages of a 400 are on the form; a quote that cannot be calculated is an error, not silence.
    onError: () => void navigate('/error'),
  });
  const { register, watch } = form;
  const values = watch();
  const changed = JSON.stringify(values) !== JSON.stringify(toValues(quote));

  const fixedDate = useFixedRepaymentDate(form, dictionaries.data?.wageFrequencies, {
    frequency: 'wageFrequencyID',
    date: 'repaymentDate',
  });

  const onAccept = async () => {
    try {
      const { amount, wageFrequencyID, period, repaymentDate } = quote;
      await accept.mutateAsync({ amount, wageFrequencyID, period, repaymentDate });
      void navigate('/loan/stage2');
    } catch {
      void navigate('/error');
    }
  };

  const schedule = scheduleInPence(quote);
  const lastPence = schedule.lines[schedule.lines.length - 1]?.pence;
  const lastDiffers = lastPence !== undefined && lastPence !== poundsToPence(quote.paymetOf);

  return (
    <Page heading="Your quote">
      <p className="quote__offer">
        we are happy to offer you {money(quote.borrow)}, for {quote.repayOver}, subject to affordability
        assessment
      </p>
      <div className="quote">
        {/* The figures come first, so a phone shows them before the inputs that change them. */}
        <div className="quote__main">
          <section
            ref={results}
            aria-labelledby="quote-results"
            className="card quote__results"
            data-changed={changed}
          >
            <h2 id="quote-results">Your repayments</h2>
            <dl>
              <div>
                <dt>Repay over</dt>
                <dd>{quote.repayOver}</dd>
              </div>
              <div>
                <dt>Payment of</dt>
                <dd>
                  {money(quote.paymetOf)}
                  {lastDiffers ? (
                    <>
                      {' '}
                      <span className="quote__note">last payment {formatPence(lastPence)}</span>
                    </>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>Total interest paid</dt>
                <dd>{money(quote.totalInterest)}</dd>
              </div>
              <div>
                {/* The customer's own APR, not the representative one: 'APR' (product owner, issue 7). */}
                <dt>APR</dt>
                <dd>{formatApr(quote.apr)}</dd>
              </div>
              <div className="quote__total">
                <dt>Repayment total</dt>
                <dd>{money(quote.totalRepayment)}</dd>
              </div>
            </dl>
            <RepaymentScheduleTable
              className="quote__schedule"
              lines={schedule.lines}
              totalPence={schedule.totalPence}
            />
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

        <section aria-labelledby="quote-change" className="card quote__change">
          <h2 id="quote-change">Change your loan</h2>
          <form {...formProps} className="form">
            <ErrorSummary summary={summary} />
            <Field label="Amount (£)" error={errorOf('amount')}>
              {(a11y) => (
                <input {...a11y} className="input input--short" inputMode="numeric" {...register('amount')} />
              )}
            </Field>
            <Field label="Wage frequency = Day of repayment" error={errorOf('wageFrequencyID')}>
              {(a11y) => (
                <OptionsSelect
                  {...a11y}
                  placeholder="Choose"
                  options={toOptions(dictionaries.data?.wageFrequencies)}
                  {...register('wageFrequencyID')}
                />
              )}
            </Field>
            <Field label="Number of monthly instalments" error={errorOf('period')}>
              {(a11y) => (
                <OptionsSelect
                  {...a11y}
                  className="select input--short"
                  options={LEAD_AND_REPEAT_INSTALMENTS.map((n) => ({ value: n, label: String(n) }))}
                  {...register('period')}
                />
              )}
            </Field>
            <Field label="Repayment start date" error={errorOf('repaymentDate')}>
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
                <SubmitButton busy={busy} className="button button--secondary">
                  Calculate
                </SubmitButton>
              </div>
            ) : null}
          </form>
        </section>
      </div>
    </Page>
  );
}
