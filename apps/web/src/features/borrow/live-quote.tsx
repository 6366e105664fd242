import { isIsoDate, type IsoDate } from '@lender/contract/dates';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { formatApr } from '@lender/contract/pricing/format';
import { buildQuote, repaymentDateProblem, repayOverText } from '@lender/contract/pricing/quote';
import { useId } from 'react';
import { RepaymentScheduleTable } from '../../components/repayment-schedule-table';

type Props = {
  amount: number;
  period: number;
  wageFrequencyId: number;
  /** The first repayment date chosen, or '' when none yet. */
  repaymentDate: string;
  dailyRate: number;
  /** The business date the loan would be paid out on (GetRepeatLoan's `today`). */
  today: IsoDate;
};

/** The figures, or null while a choice is missing or the date is outside the window. */
function priced({ amount, period, wageFrequencyId, repaymentDate, dailyRate, today }: Props) {
  if (!amount || !period || !wageFrequencyId || !isIsoDate(repaymentDate)) return null;
  if (repaymentDateProblem(repaymentDate, undefined, today)) return null;
  try {
    return buildQuote({
      amountPence: poundsToPence(amount),
      period,
      wageFrequencyId,
      repaymentDate,
      dailyRate,
      today,
    });
  } catch {
    return null;
  }
}

/**
 * The quote for the figures chosen, worked out in the browser by the contract's pricing engine as the
 * server will price it on submit (it prices again; this is what the person reads first). A one-line
 * summary is announced as the choices change.
 */
export function LiveQuote(props: Props) {
  const headingId = useId();
  const quote = priced(props);
  return (
    <section className="card repeat-quote" aria-labelledby={headingId}>
      <h3 id={headingId}>Your repayments</h3>
      {/* One short sentence is announced as the choices change, not the whole table. */}
      <p className="visually-hidden" role="status">
        {quote
          ? `${repayOverText(props.period)}: ${quote.schedule.length === 1 ? 'one payment' : 'payments'} of ` +
            `${formatPence(quote.instalmentPence)}, ${formatPence(quote.totalRepayablePence)} in total.`
          : ''}
      </p>
      {quote ? (
        <>
          <dl className="repeat-quote__figures">
            <div>
              <dt>Repay over</dt>
              <dd>{repayOverText(props.period)}</dd>
            </div>
            <div>
              <dt>Payment of</dt>
              <dd>{formatPence(quote.instalmentPence)}</dd>
            </div>
            <div>
              <dt>Total interest paid</dt>
              <dd>{formatPence(quote.totalInterestPence)}</dd>
            </div>
            <div>
              <dt>APR</dt>
              <dd>{formatApr(quote.aprPercent)}</dd>
            </div>
            <div className="repeat-quote__total">
              <dt>Repayment total</dt>
              <dd>{formatPence(quote.totalRepayablePence)}</dd>
            </div>
          </dl>
          <RepaymentScheduleTable
            className="repeat-quote__schedule"
            lines={quote.schedule.map((l) => ({ date: l.date, pence: l.paymentPence }))}
          />
        </>
      ) : (
        <p className="repeat-quote__waiting">Choose a repayment date to see your repayments.</p>
      )}
    </section>
  );
}
