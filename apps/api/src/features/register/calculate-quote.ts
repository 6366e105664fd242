import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import { toLoanTerms, toQuotePayload } from './quote-payload';
import type { QuoteService } from './quote-service';

/** Register/CalculateQuote: the quote for other terms, without changing the application. */
export const calculateQuote = (quotes: QuoteService) =>
  implementCall('calculateQuote', async ({ body, principal }) => {
    const quote = await quotes.calculate(principal.customerId, toLoanTerms(body));
    return quote ? ok(toQuotePayload(quote)) : refuse(Refusal.noQuote);
  });
