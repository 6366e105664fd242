import type { Stage2Payload, stage2FormSchema } from '@lender/contract/calls/register-stages';
import { DEFAULT_COUNTRY } from '@lender/contract/constants';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { emptyAddress, type AddressValues } from '../../../components/address/address-fields';
import {
  cardFieldFor,
  emptyCard,
  toCreditCardInput,
  type CardValues,
} from '../../../components/card/card-values';
import type { CardCheckResult } from '../../../lib/card-check/check-card';
import { toCardSummary } from '../../../lib/card-check/pending-card-check';

/** What the stage 2 form holds: strings as the inputs give them, checked by stage2FormSchema on submit. */
export type Stage2Values = {
  creditCard: CardValues;
  isHomeAddress: boolean;
  address: AddressValues;
};

export const stage2Defaults: Stage2Values = {
  creditCard: emptyCard,
  isHomeAddress: true,
  address: emptyAddress,
};

export type Stage2Parsed = z.output<typeof stage2FormSchema>;
export type Stage2FormApi = UseFormReturn<Stage2Values, unknown, Stage2Parsed>;

export function toStage2Form(v: Stage2Values): z.input<typeof stage2FormSchema> {
  return {
    creditCard: toCreditCardInput(v.creditCard),
    // Spec: null when the card's address is the home address.
    address: v.isHomeAddress ? null : { ...v.address, country: DEFAULT_COUNTRY, isHomeAddress: false },
  };
}

/** The expiry has one message, shown on the month; the year's goes there too. */
export const stage2FieldFor = cardFieldFor('creditCard');

/** What our API receives: the card without its number and code, and the provider's answer. */
export const toStage2Payload = (form: Stage2Parsed, check: CardCheckResult): Stage2Payload => ({
  creditCard: toCardSummary(form.creditCard),
  address: form.address,
  ...check,
});
