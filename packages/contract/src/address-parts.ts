/**
 * The parts of a postal address, as every payload, form and table names them: the one list the server's
 * address mapping and the web app's address fields are built from. No zod here: the address fields are in
 * a page's first chunk.
 */
export const ADDRESS_PARTS = [
  'postCode',
  'county',
  'town',
  'street',
  'building',
  'houseNumber',
  'flatNo',
] as const;

export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** Each part empty: the start of a typed address. */
export const emptyAddressParts = () =>
  Object.fromEntries(ADDRESS_PARTS.map((part) => [part, ''])) as Record<AddressPart, string>;
