import type { AccountDetails } from '@lender/contract/calls/account';

/** What the account area shows in preview mode (TEST_MODE), where it asks the server nothing. */
export const PREVIEW_DETAILS: AccountDetails = {
  isLegal: false,
  appID: null,
  customerID: 0,
  personalDetails: { firstName: 'Ann', lastName: 'Example', birthDate: '1990-01-01' },
  contactDetails: {
    email: 'ann.example@example.com',
    mobile: '07111111111',
    livedInAddressID: null,
    residentalStatusID: null,
    address: {
      postCode: 'SW1A 2AA',
      county: null,
      town: 'London',
      street: 'Downing Street',
      building: null,
      houseNumber: '10',
      flatNo: null,
      addressStr: '10 Downing Street, London, SW1A 2AA',
      country: 'United Kingdom',
    },
    contactPreferences: { newsByEmail: false, newsBySms: false },
    pendingEmail: null,
  },
};
