import { z } from 'zod';
import { FIELD_LENGTH, MAX_AMOUNT, MIN_AMOUNT } from '../constants';
import { isIsoDate } from '../dates';
import { addressFieldsShape, checkAddress } from '../rules/address';
import { creditCardSchema } from '../rules/card';
import { alwaysCheck } from '../rules/common';

export const isoDateField = (message: string) =>
  z.string({ error: message }).refine(isIsoDate, { error: message });

export const guidField = z.string().uuid({ error: 'Invalid link.' });

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });

export const appStatusSchema = z.object({
  appStatusID: z.number().int(),
  appGuid: z.string().nullable(),
});

/** Billing address of a card: `isHomeAddress` false means the fields below were given. */
export const billingAddressSchema = z
  .object({ ...addressFieldsShape, isHomeAddress: z.boolean().default(false) })
  .superRefine((a, ctx) => checkAddress(a, ctx, 'billing'), alwaysCheck);

/** The card-check part shared by stage 2, add card, card payment, repeat loan and the lead page. */
export const cardCheckShape = {
  creditCard: creditCardSchema,
  pKey: z.string().max(200).nullish(),
  trxId: z.string().max(200).nullish(),
  isSignature: z.boolean().nullish(),
};

export const postCodeMax = FIELD_LENGTH.postCode;

/** Amount in whole pounds as the forms send it. */
export const poundsField = (required: string, tooHigh: string) =>
  z
    .number({ error: required })
    .int({ error: required })
    .min(MIN_AMOUNT, { error: required })
    .max(MAX_AMOUNT, { error: tooHigh });

/** A string body: some calls post a bare JSON string (spec section 7). */
export const stringBody = (message: string, max = 300) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
