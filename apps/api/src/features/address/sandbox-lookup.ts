import { normalisePostCode } from '@lender/contract/rules/address';
import type { AddressLookup } from './address-lookup';
import { SANDBOX_ADDRESSES } from './sandbox-dataset';

export const sandboxLookup: AddressLookup = {
  async find(postCode) {
    const wanted = normalisePostCode(postCode);
    return SANDBOX_ADDRESSES.filter((a) => a.PostalCode === wanted);
  },
  async retrieve(id) {
    return SANDBOX_ADDRESSES.filter((a) => a.Id === id);
  },
};
