import { z } from 'zod';
import { lookupAddressSchema, UK_POSTCODE } from '../rules/address';
import { Msg } from '../rules/messages';

export const addressFindQuerySchema = z.object({
  postCode: z.string({ error: Msg.postCode }).trim().regex(UK_POSTCODE, { error: Msg.billingPostCode }),
});
export const addressRetrieveQuerySchema = z.object({ id: z.string().min(1).max(100) });
export const addressListSchema = z.array(lookupAddressSchema);
