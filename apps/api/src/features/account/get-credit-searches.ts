import { ok } from '@lender/contract/envelope';
import type { EntityStore } from '../../entities/unit-of-work';
import { implementCall } from '../../plugins/calls';

/**
 * Account/GetCreditSearches (issue 47): the searches of the customer's credit file we made, newest
 * first, as their credit file shows them: a quotation search is soft, an application search hard.
 */
export const getCreditSearches = (store: Pick<EntityStore, 'creditSearches'>) =>
  implementCall('getCreditSearches', async ({ principal }) => {
    const searches = await store.creditSearches.ofCustomer(principal.customerId);
    return ok({
      searches: searches.map((s) => ({
        searchedOn: s.searchedOn,
        kind: s.type === 'quotation' ? ('soft' as const) : ('hard' as const),
        agency: s.agency,
      })),
    });
  });
