import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { AccountDetailsService } from './account-details-service';

/** Account/GetAccountDetails: only ever the customer of the session. */
export const getAccountDetails = (accounts: AccountDetailsService) =>
  implementCall('getAccountDetails', async ({ principal }) => {
    const details = await accounts.details(principal.customerId);
    // A live session always has its customer; the page sends an errorID to /error (spec section 2).
    return details ? ok(details) : refuse(Refusal.generic);
  });
