import { formatAddress, normalisePostCode, type Address } from '@lender/contract/rules/address';
import type { AddressColumns } from '../db/schema';

/** An address as the services hold it: the contract's fields, with the one-line form documents show. */
export type StoredAddress = {
  postCode: string;
  county: string;
  town: string;
  street: string;
  building: string;
  houseNumber: string;
  flatNo: string;
  addressStr: string;
};

/** The one place an address's names become columns; an empty field is stored as null. */
export const addressColumns = (a: StoredAddress): AddressColumns => ({
  post_code: a.postCode || null,
  county: a.county || null,
  town: a.town || null,
  street: a.street || null,
  building: a.building || null,
  house_number: a.houseNumber || null,
  flat_no: a.flatNo || null,
  address_str: a.addressStr || null,
});

/** An address payload (spec section 3 'Address') as stored: the post code normalised, the line built. */
export function toStoredAddress(a: Omit<Address, 'country'>): StoredAddress {
  const postCode = normalisePostCode(a.postCode);
  const fields = {
    postCode,
    county: a.county ?? '',
    town: a.town ?? '',
    street: a.street ?? '',
    building: a.building ?? '',
    houseNumber: a.houseNumber ?? '',
    flatNo: a.flatNo ?? '',
  };
  // The lookup's own label when the address was picked; built from the fields when typed.
  return { ...fields, addressStr: a.autoAddress && a.address ? a.address : formatAddress(fields) };
}
