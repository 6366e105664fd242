import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import { toQuotePayload } from './quote-payload';
import type { QuoteService } from './quote-service';

/** Register/GetQuote: the quote for the application as applied for at stage1. */
export const getQuote = (quotes: QuoteService) =>
  implementCall('getQuote', async ({ principal }) => {
    const quote = await quotes.current(principal.customerId);
    return quote ? ok(toQuotePayload(quote)) : refuse(Refusal.noQuote);
  });
