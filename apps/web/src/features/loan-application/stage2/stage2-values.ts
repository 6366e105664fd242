import type { Stage2Payload, stage2FormSchema } from '@lender/contract/calls/register';
import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../../components/address/address-fields';
import type { CardCheckResult } from './check-card';
import { toCardSummary } from './pending-card-check';

/** What the stage 2 form holds: strings as the inputs give them, checked by stage2FormSchema on submit. */
export type Stage2Values = {
  creditCard: {
    cardNumber: string;
    securityCode: string;
    nameOnCard: string;
    /** The month's number, 1 to 12, so a browser's card autofill picks the right one (see ExpiryFields). */
    expiryMonth: string;
    endYear: string;
  };
  isHomeAddress: boolean;
  address: AddressValues;
};

export const stage2Defaults: Stage2Values = {
  creditCard: { cardNumber: '', securityCode: '', nameOnCard: '', expiryMonth: '', endYear: '' },
  isHomeAddress: true,
  address: emptyAddress,
};

export type Stage2Parsed = z.output<typeof stage2FormSchema>;
export type Stage2FormApi = UseFormReturn<Stage2Values, unknown, Stage2Parsed>;

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

export function toStage2Form(v: Stage2Values): z.input<typeof stage2FormSchema> {
  const month = num(v.creditCard.expiryMonth);
  return {
    creditCard: {
      cardNumber: v.creditCard.cardNumber,
      securityCode: v.creditCard.securityCode,
      nameOnCard: v.creditCard.nameOnCard,
      // Zero-based in the payload (spec section 3).
      endMonth: (month === undefined ? undefined : month - 1) as number,
      endYear: num(v.creditCard.endYear) as number,
    },
    // Spec: null when the card's address is the home address.
    address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
  };
}

/** The expiry has one message, shown on the month; the year's goes there too. */
export const stage2FieldFor = (path: string) =>
  path === 'creditCard.endMonth' || path === 'creditCard.endYear' ? 'creditCard.expiryMonth' : path;

/** What our API receives: the card without its number and code, and the provider's answer. */
export const toStage2Payload = (form: Stage2Parsed, check: CardCheckResult): Stage2Payload => ({
  creditCard: toCardSummary(form.creditCard),
  address: form.address,
  ...check,
});
