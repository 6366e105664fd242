import type { leadQuoteSchema } from '@lender/contract/calls/lead-provider';
import { formatPence, poundsToPence } from '@lender/contract/money';
import { formatApr } from '@lender/contract/pricing/format';
import type { z } from 'zod';

type LeadQuote = z.infer<typeof leadQuoteSchema>;

const money = (pounds: number) => formatPence(poundsToPence(pounds));

type Props = {
  /** GetQuote's answer: every figure here is the server's, never worked out on the page. */
  quote: LeadQuote | undefined;
  /** The choices have changed since these figures were calculated. */
  stale: boolean;
};

/** The lead's repayments (spec section 3 'Lead quote response'), the monthly repayment first. */
export function LeadQuoteFigures({ quote, stale }: Props) {
  return (
    <div className="lead-figures" data-stale={stale} role="region" aria-label="Your repayments">
      {quote ? (
        <>
          <dl>
            <div className="lead-figures__main">
              <dt>Monthly repayment</dt>
              <dd>{money(quote.monthlyRepayment)}</dd>
            </div>
            <div>
              <dt>Credit charge</dt>
              <dd>{money(quote.creditCharge)}</dd>
            </div>
            <div>
              <dt>Total to pay</dt>
              <dd>{money(quote.totalToPay)}</dd>
            </div>
            <div>
              {/* The customer's own APR, not the representative one, as on the quote screen. */}
              <dt>APR</dt>
              <dd>{formatApr(quote.apr)}</dd>
            </div>
          </dl>
          {/* Said once when it changes, not the whole list. */}
          <p className="lead-figures__note" role="status">
            {stale
              ? 'These figures are for your previous choices. Press Calculate to see your new figures.'
              : ''}
          </p>
        </>
      ) : (
        <p className="lead-figures__note" role="status">
          Press Calculate to see your repayments.
        </p>
      )}
    </div>
  );
}
