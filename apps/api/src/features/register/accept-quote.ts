import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import { toLoanTerms } from './quote-payload';
import type { QuoteService } from './quote-service';

/** Register/AcceptQuote: stores the quote for these terms and moves the application to offerAccepted. */
export const acceptQuote = (quotes: QuoteService) =>
  implementCall('acceptQuote', async ({ body, principal }) => {
    const accepted = await quotes.accept(principal.customerId, toLoanTerms(body));
    return accepted
      ? ok({ appStatusID: accepted.statusId, appGuid: accepted.guid })
      : refuse(Refusal.quoteClosed);
  });
