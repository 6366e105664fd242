import type { StoredAddress } from '../../entities/addresses/stored-address';
import type { CraAddress } from './credit-reference-agency';

/**
 * Our address as the agency's protocol spells one, the same for a search and for a shared record, so the
 * agency matches the one file: the flat and building on the first line, the number and street on the
 * second (or first, alone).
 */
export function craAddress(
  a: Pick<StoredAddress, 'flatNo' | 'building' | 'houseNumber' | 'street' | 'town' | 'postCode'>,
): CraAddress {
  const named = [a.flatNo ? `Flat ${a.flatNo}` : '', a.building].filter(Boolean).join(', ');
  const street = [a.houseNumber, a.street].filter(Boolean).join(' ');
  return {
    line1: named || street,
    line2: named && street ? street : null,
    town: a.town,
    postcode: a.postCode,
    since: null,
  };
}
