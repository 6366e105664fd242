import { z } from 'zod';
import { lookupAddressSchema, UK_POSTCODE } from '../rules/address';
import { Msg } from '../rules/messages';

export const addressFindQuerySchema = z.object(
  { postCode: z.string({ error: Msg.postCode }).trim().regex(UK_POSTCODE, { error: Msg.billingPostCode }) },
  { error: Msg.postCode },
);
export const addressRetrieveQuerySchema = z.object(
  {
    id: z
      .string({ error: Msg.lookupAddress })
      .min(1, { error: Msg.lookupAddress })
      .max(100, { error: Msg.lookupAddress }),
  },
  { error: Msg.lookupAddress },
);
export const addressListSchema = z.array(lookupAddressSchema);
