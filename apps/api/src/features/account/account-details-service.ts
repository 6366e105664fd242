import type { AccountDetails } from '@lender/contract/calls/account';
import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import type { EntityStore } from '../../entities/unit-of-work';

/** Account/GetAccountDetails: the signed-in customer's own row, under the spec's names (section 3). */
export function accountDetailsService(
  store: Pick<EntityStore, 'customers' | 'applications' | 'emailChanges'>,
) {
  return {
    async details(customerId: number): Promise<AccountDetails | null> {
      const c = await store.customers.findById(customerId);
      if (!c) return null;
      const { address } = c;
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
          address: {
            postCode: address.postCode,
            // The spec's account details give an empty part of an address as null.
            county: address.county || null,
            town: address.town || null,
            street: address.street || null,
            building: address.building || null,
            houseNumber: address.houseNumber || null,
            flatNo: address.flatNo || null,
            addressStr: address.addressStr,
            country: DEFAULT_COUNTRY,
          },
          contactPreferences: { newsByEmail: c.newsByEmail, newsBySms: c.newsBySms },
          pendingEmail: await store.emailChanges.pendingFor(customerId),
        },
      };
    },
  };
}

export type AccountDetailsService = ReturnType<typeof accountDetailsService>;
