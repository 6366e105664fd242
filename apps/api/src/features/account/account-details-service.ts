import type { AccountDetails } from '@lender/contract/calls/account';
import { answeredAddress } from '../../entities/addresses/stored-address';
import type { EntityStore } from '../../entities/unit-of-work';

/** Account/GetAccountDetails: the signed-in customer's own row, under the spec's names (section 3). */
export function accountDetailsService(
  store: Pick<EntityStore, 'customers' | 'applications' | 'emailChanges'>,
) {
  return {
    async details(customerId: number): Promise<AccountDetails | null> {
      const c = await store.customers.findById(customerId);
      if (!c) return null;
      return {
        isLegal: c.isLegal,
        appID: (await store.applications.latest(customerId))?.id ?? null,
        customerID: c.id,
        personalDetails: { firstName: c.firstName, lastName: c.lastName, birthDate: c.birthDate },
        contactDetails: {
          email: c.email,
          mobile: c.mobile,
          livedInAddressID: c.livedInAddressId,
          residentalStatusID: c.residentialStatusId,
          address: answeredAddress(c.address),
          contactPreferences: { newsByEmail: c.newsByEmail, newsBySms: c.newsBySms },
          pendingEmail: await store.emailChanges.pendingFor(customerId),
        },
      };
    },
  };
}

export type AccountDetailsService = ReturnType<typeof accountDetailsService>;
