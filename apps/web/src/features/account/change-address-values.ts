import type { AccountDetails, changeAddressSchema } from '@lender/contract/calls/account';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../components/address/address-fields';

/** What the change-address form holds: the choices as strings, the address block under `address`. */
export type ChangeAddressValues = {
  livedInAddressID: string;
  residentalStatusID: string;
  address: AddressValues;
};

/** The payload as the contract schema parsed it: what is sent. */
export type ChangeAddressParsed = z.output<typeof changeAddressSchema>;
type ChangeAddressPayload = z.input<typeof changeAddressSchema>;

const text = (v: string | null) => v ?? '';
const idText = (id: number | null) => (id === null ? '' : String(id));
// Dictionary ids start at 1: the empty first choice is no id, and the schema gives its message.
const idOf = (v: string) => Number(v) || undefined;

/**
 * Prefilled from the held details: the address as found (auto mode), its one line shown in the read-only
 * field. Sending it unchanged is allowed; searching a post code or choosing '+Manual Addr.' replaces it.
 */
export function changeAddressDefaults({ contactDetails: c }: AccountDetails): ChangeAddressValues {
  const a = c.address;
  return {
    livedInAddressID: idText(c.livedInAddressID),
    residentalStatusID: idText(c.residentalStatusID),
    address: {
      ...emptyAddress,
      postCode: a.postCode,
      county: text(a.county),
      town: text(a.town),
      street: text(a.street),
      building: text(a.building),
      houseNumber: text(a.houseNumber),
      flatNo: text(a.flatNo),
      address: a.addressStr,
    },
  };
}

export function toChangeAddressPayload(v: ChangeAddressValues): ChangeAddressPayload {
  return {
    livedInAddressID: idOf(v.livedInAddressID) as number,
    residentalStatusID: idOf(v.residentalStatusID) as number,
    autoAddress: v.address.autoAddress,
    // The picked line describes a found address only: typed by hand, the parts are the address.
    address: {
      ...v.address,
      address: v.address.autoAddress ? v.address.address : '',
      country: 'United Kingdom',
    },
  };
}

/** The payload's `autoAddress` is the block's switch. */
export const changeAddressFieldFor = (path: string) =>
  path === 'autoAddress' ? 'address.autoAddress' : path;

/** Preview mode's stand-in for the server's addressStr: the picked line, or the manual parts joined. */
export function oneLineAddress(a: ChangeAddressParsed['address']): string {
  if (a.autoAddress && a.address) return a.address;
  const first = [
    a.flatNo && `Flat ${a.flatNo}`,
    a.building,
    [a.houseNumber, a.street].filter(Boolean).join(' '),
  ];
  return [...first, a.town, a.county, a.postCode].filter(Boolean).join(', ');
}
