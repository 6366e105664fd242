import { z } from 'zod';
import { DEFAULT_COUNTRY, FIELD_LENGTH } from '../constants';
import { alwaysCheck, optionalText } from './common';
import { Msg } from './messages';

/**
 * A UK postcode (outward and inward code, the space optional), in either case. The case is spelt out rather
 * than given as the `i` flag, which a JSON Schema pattern cannot carry (the document refused 'sw1a 2aa').
 */
export const UK_POSTCODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/;

/** `sw1a2aa` -> `SW1A 2AA`. */
export function normalisePostCode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/**
 * Which address rules apply: `home` (application, change address, repeat loan), `billing` (card
 * address that differs from home), `lead` (the lead page's billing address, where every manual field is
 * required).
 */
export type AddressVariant = 'home' | 'billing' | 'lead';

/** The longest one-line address the lookup gives. */
const ADDRESS_LABEL_MAX = 300;

const required = (when: string) => ({ description: `Required when autoAddress is ${when}.` });
const oneOfNumber = {
  description: 'When autoAddress is false, at least one of flatNo, building and houseNumber is required.',
};

/** What a missing address, or its missing one-line label, is told. */
export const addressMissing = (variant: AddressVariant) =>
  variant === 'home' ? Msg.currentAddress : Msg.billingAddress;

/**
 * The address fields as the spec names them (spec section 3 'Address'). Rules between fields are in
 * `checkAddress`; the descriptions carry them into the OpenAPI document.
 */
export const addressFields = (variant: AddressVariant) => {
  // The lead page's address is the card's, a billing address with every manual field required.
  const postCodeMissing = variant === 'home' ? Msg.postCode : Msg.billingPostCode;
  const county = optionalText(Msg.county, FIELD_LENGTH.county);
  return {
    autoAddress: z
      .boolean({ error: Msg.addressMode })
      .default(true)
      .meta({ description: 'True when the address was picked from the address lookup.' }),
    postCode: z
      .string({ error: postCodeMissing })
      .trim()
      .min(1, { error: postCodeMissing })
      .max(FIELD_LENGTH.postCode, { error: Msg.maxLength(FIELD_LENGTH.postCode) })
      .regex(UK_POSTCODE, { error: Msg.billingPostCode }),
    county: variant === 'lead' ? county.meta(required('false')) : county,
    town: optionalText(Msg.town, FIELD_LENGTH.town).meta(required('false')),
    street: optionalText(Msg.street, FIELD_LENGTH.street).meta(required('false')),
    building: optionalText(Msg.building, FIELD_LENGTH.building).meta(oneOfNumber),
    houseNumber: optionalText(Msg.houseNumber, FIELD_LENGTH.houseNumber).meta(oneOfNumber),
    flatNo: optionalText(Msg.flatNo, FIELD_LENGTH.flatNo).meta(oneOfNumber),
    /** The one-line address picked in auto mode (the lookup's Label). */
    address: optionalText(addressMissing(variant), ADDRESS_LABEL_MAX).meta(required('true')),
    country: z.literal(DEFAULT_COUNTRY, { error: Msg.country }).default(DEFAULT_COUNTRY),
  };
};

type AddressFields = {
  autoAddress: boolean;
  postCode: string;
  county: string | null;
  town: string | null;
  street: string | null;
  building: string | null;
  houseNumber: string | null;
  flatNo: string | null;
  address: string | null;
};

/**
 * The address rules of spec section 5 that join fields, as a refinement shared by flat and nested payloads
 * (a field's own rules are on the field).
 */
export function checkAddress(
  a: AddressFields,
  ctx: z.RefinementCtx,
  variant: AddressVariant,
  at: string[] = [],
  missing: string = addressMissing(variant),
) {
  const issue = (field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...at, field], message });
  // The fields may still hold what was sent when a field rule already failed: read only strings.
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (a.autoAddress) {
    // The lookup fills the fields; the picked label is what proves an address was chosen.
    if (!text(a.address)) issue('address', missing);
    return;
  }
  if (!text(a.flatNo) && !text(a.building) && !text(a.houseNumber)) {
    // One message, on the first of the three, as the form's hint says: any one of them will do.
    issue('flatNo', Msg.flatBuildingOrHouse);
  }
  // A manual address has to be deliverable: street and town are required everywhere (docs/decisions/002).
  if (!text(a.street)) issue('street', Msg.street);
  if (!text(a.town)) issue('town', Msg.town);
  if (variant === 'lead' && !text(a.county)) issue('county', Msg.county);
}

export const addressSchema = (variant: AddressVariant, missing: string = addressMissing(variant)) =>
  z
    .object(addressFields(variant), { error: missing })
    .superRefine((a, ctx) => checkAddress(a, ctx, variant, [], missing), alwaysCheck);
export type Address = z.infer<ReturnType<typeof addressSchema>>;

/** One line for display: flat, building, number and street, town, county, postcode. */
export function formatAddress(a: Partial<AddressFields>): string {
  const first = [
    a.flatNo && `Flat ${a.flatNo}`,
    a.building,
    [a.houseNumber, a.street].filter(Boolean).join(' '),
  ];
  return [...first, a.town, a.county, a.postCode].filter((p) => p && String(p).trim()).join(', ');
}

/** An address lookup result (Loqate's field names, spec section 3). */
export const lookupAddressSchema = z.object({
  Id: z.string(),
  PostalCode: z.string(),
  Province: z.string(),
  City: z.string(),
  Street: z.string(),
  BuildingName: z.string(),
  BuildingNumber: z.string(),
  SubBuilding: z.string(),
  Label: z.string(),
});
export type LookupAddress = z.infer<typeof lookupAddressSchema>;
