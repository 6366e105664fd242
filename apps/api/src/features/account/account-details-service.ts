import type { AccountDetails } from '@lender/contract/calls/account';
import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import type { AccountStore } from './account-store';

/** Account/GetAccountDetails: the signed-in customer's own row, under the spec's names (section 3). */
export function accountDetailsService(store: Pick<AccountStore, 'customers' | 'emailChanges'>) {
  return {
    async details(customerId: number): Promise<AccountDetails | null> {
      const c = await store.customers.findById(customerId);
      if (!c) return null;
      return {
        isLegal: c.is_legal === 1,
        appID: await store.customers.newestApplicationId(customerId),
        customerID: c.id,
        personalDetails: { firstName: c.first_name, lastName: c.last_name, birthDate: c.birth_date },
        contactDetails: {
          email: c.email,
          mobile: c.mobile,
          livedInAddressID: c.lived_in_address_id,
          residentalStatusID: c.residential_status_id,
          address: {
            postCode: c.post_code,
            county: c.county,
            town: c.town,
            street: c.street,
            building: c.building,
            houseNumber: c.house_number,
            flatNo: c.flat_no,
            addressStr: c.address_str,
            country: DEFAULT_COUNTRY,
          },
          contactPreferences: { newsByEmail: c.news_by_email === 1, newsBySms: c.news_by_sms === 1 },
          pendingEmail: await store.emailChanges.pendingFor(customerId),
        },
      };
    },
  };
}

export type AccountDetailsService = ReturnType<typeof accountDetailsService>;
