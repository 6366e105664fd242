import type { Quote, quoteRequestSchema } from '@lender/contract/calls/register';
import { penceToPounds, poundsToPence } from '@lender/contract/money';
import { repayOverText } from '@lender/contract/pricing/quote';
import type { z } from 'zod';
import type { LoanTerms } from '../../entities/applications/loan-terms';
import type { PricedQuote } from './quote-service';

/**
 * The one place the quote calls' payload (spec section 3 'Quote': `wageFrequencyID`, pounds) meets the
 * server's names; money is pence on this side of it.
 */
export const toLoanTerms = (body: z.output<typeof quoteRequestSchema>): LoanTerms => ({
  amountPence: poundsToPence(body.amount),
  period: body.period,
  repaymentDate: body.repaymentDate,
  wageFrequencyId: body.wageFrequencyID,
});

export const toQuotePayload = ({ terms, wageFrequency, price }: PricedQuote): Quote => ({
  period: terms.period,
  amount: penceToPounds(terms.amountPence),
  repaymentDate: terms.repaymentDate,
  wageFrequencyID: terms.wageFrequencyId,
  wageFrequency,
  repayOver: repayOverText(terms.period),
  paymetOf: penceToPounds(price.instalmentPence),
  totalInterest: penceToPounds(price.totalInterestPence),
  totalRepayment: penceToPounds(price.totalRepayablePence),
  apr: price.aprPercent,
  borrow: penceToPounds(terms.amountPence),
  schedule: price.schedule.map((l) => ({ paymentDate: l.date, amount: penceToPounds(l.paymentPence) })),
});
