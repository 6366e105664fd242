import { ADDRESS_PARTS, type AddressPart } from '@lender/contract/address-parts';
import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import { formatAddress, normalisePostCode, type Address } from '@lender/contract/rules/address';
import type { AddressColumns } from './address-tables';

/** An address as the services hold it: the contract's fields, with the one-line form documents show. */
export type StoredAddress = Record<AddressPart, string> & { addressStr: string };

/** Each field's column: the one place an address's names meet the tables' (customers, cards, previous addresses). */
const COLUMN_OF = {
  postCode: 'post_code',
  county: 'county',
  town: 'town',
  street: 'street',
  building: 'building',
  houseNumber: 'house_number',
  flatNo: 'flat_no',
  addressStr: 'address_str',
} as const satisfies Record<keyof StoredAddress, keyof AddressColumns>;

const FIELDS = Object.keys(COLUMN_OF) as (keyof StoredAddress)[];

type PrefixedColumns<P extends string> = { [K in keyof AddressColumns as `${P}${K}`]: AddressColumns[K] };

/**
 * An address as columns, under `prefix` where a table keeps more than one (`billing_`); an empty field,
 * or no address at all, is stored as null.
 */
export function addressColumns<P extends string = ''>(
  a: StoredAddress | null,
  prefix: P = '' as P,
): PrefixedColumns<P> {
  return Object.fromEntries(
    FIELDS.map((field) => [`${prefix}${COLUMN_OF[field]}`, a?.[field] || null]),
  ) as PrefixedColumns<P>;
}

/** An address read back from its columns; a null column is an empty field. */
export const addressFromColumns = (row: { [K in keyof AddressColumns]: string | null }): StoredAddress =>
  Object.fromEntries(FIELDS.map((field) => [field, row[COLUMN_OF[field]] ?? ''])) as StoredAddress;

/** An address payload (spec section 3 'Address') as stored: the post code normalised, the line built. */
export function toStoredAddress(a: Omit<Address, 'country'>): StoredAddress {
  const parts = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, a[part] ?? ''])) as Record<
    AddressPart,
    string
  >;
  const fields = { ...parts, postCode: normalisePostCode(a.postCode) };
  // The lookup's own label when the address was picked; built from the fields when typed.
  return { ...fields, addressStr: a.autoAddress && a.address ? a.address : formatAddress(fields) };
}

/**
 * An address as the spec's answers give it (account details, section 3): an empty part as null, the post
 * code and the one-line form always present, the country named.
 */
export const answeredAddress = (a: StoredAddress) => ({
  ...(Object.fromEntries(ADDRESS_PARTS.map((part) => [part, a[part] || null])) as Record<
    AddressPart,
    string | null
  >),
  postCode: a.postCode,
  addressStr: a.addressStr,
  country: DEFAULT_COUNTRY,
});
