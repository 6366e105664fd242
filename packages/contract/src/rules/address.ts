import { z } from 'zod';
import { DEFAULT_COUNTRY, FIELD_LENGTH } from '../constants';
import { alwaysCheck, optionalText } from './common';
import { Msg } from './messages';

/** A UK postcode (outward and inward code, the space optional). */
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

/** `sw1a2aa` -> `SW1A 2AA`. */
export function normalisePostCode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The address fields as the spec names them (spec section 3 'Address'). */
export const addressFieldsShape = {
  autoAddress: z.boolean().default(true),
  postCode: z
    .string()
    .trim()
    .max(FIELD_LENGTH.postCode, { error: Msg.maxLength(FIELD_LENGTH.postCode) })
    .default(''),
  county: optionalText(FIELD_LENGTH.county),
  town: optionalText(FIELD_LENGTH.town),
  street: optionalText(FIELD_LENGTH.street),
  building: optionalText(FIELD_LENGTH.building),
  houseNumber: optionalText(FIELD_LENGTH.houseNumber),
  flatNo: optionalText(FIELD_LENGTH.flatNo),
  /** The one-line address picked in auto mode (the lookup's Label). */
  address: optionalText(300),
  country: z.literal(DEFAULT_COUNTRY).default(DEFAULT_COUNTRY),
};

/**
 * Which address rules apply: `home` (application, change address, repeat loan), `billing` (card
 * address that differs from home), `lead` (the lead page, where every manual field is required).
 */
export type AddressVariant = 'home' | 'billing' | 'lead';

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

/** The common address rules of spec section 5, as a refinement shared by flat and nested payloads. */
export function checkAddress(
  a: AddressFields,
  ctx: z.RefinementCtx,
  variant: AddressVariant,
  at: string[] = [],
) {
  const issue = (field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...at, field], message });
  // The fields may still hold what was sent when a field rule already failed: read only strings.
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const postCodeMissing = variant === 'billing' ? Msg.billingPostCode : Msg.postCode;
  if (!text(a.postCode)) issue('postCode', postCodeMissing);
  else if (!UK_POSTCODE.test(text(a.postCode))) issue('postCode', Msg.billingPostCode);

  if (a.autoAddress) {
    // The lookup fills the fields; the picked label is what proves an address was chosen.
    if (!text(a.address)) issue('address', variant === 'billing' ? Msg.billingAddress : Msg.currentAddress);
    return;
  }
  if (!text(a.flatNo) && !text(a.building) && !text(a.houseNumber)) {
    issue('flatNo', Msg.flatNo);
    issue('building', Msg.building);
    issue('houseNumber', Msg.houseNumber);
  }
  // A manual address has to be deliverable: street and town are required everywhere (docs/decisions/002).
  if (!text(a.street)) issue('street', Msg.street);
  if (!text(a.town)) issue('town', Msg.town);
  if (variant === 'lead' && !text(a.county)) issue('county', Msg.county);
}

export const addressSchema = (variant: AddressVariant) =>
  z.object(addressFieldsShape).superRefine((a, ctx) => checkAddress(a, ctx, variant), alwaysCheck);
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
