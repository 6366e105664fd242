import type { LookupAddress } from '@lender/contract/rules/address';

/** Postcode lookup, limited to Great Britain. Find lists the addresses at a postcode; Retrieve gives one in full. */
export type AddressLookup = {
  find(postCode: string): Promise<LookupAddress[]>;
  retrieve(id: string): Promise<LookupAddress[]>;
};
