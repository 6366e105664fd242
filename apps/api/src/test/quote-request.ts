import type { QuoteRequest } from '@lender/contract/calls/register';
import { workingDayAhead } from './stage1-payload';

/** A CalculateQuote / AcceptQuote body the server accepts; override any field. */
export const createQuoteRequest = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  period: 3,
  amount: 300,
  repaymentDate: workingDayAhead(10),
  wageFrequencyID: 9,
  ...overrides,
});

/** Changes to a valid body that both calls refuse with 400: [change, the field, its message]. */
export const REFUSED_QUOTE_REQUESTS: [Record<string, unknown>, string, string][] = [
  [{ amount: 1001 }, 'amount', 'Amount is beyond the maximum allowed'],
  [{ amount: 0 }, 'amount', 'Please enter amount'],
  [{ period: 0 }, 'period', 'Please enter instalment.'],
  [{ wageFrequencyID: 999 }, 'wageFrequencyID', 'Please enter your day of repayment'],
  [
    { repaymentDate: '2020-01-01' },
    'repaymentDate',
    'Please choose a weekday between 6 and 45 days from today.',
  ],
];
