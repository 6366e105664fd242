import * as address from './address';
import { call, type CallDef } from './call-spec';

/** The Address controller's calls, in the order of the call table (`api-calls.ts`). */
export const addressCalls = {
  addressFind: call({
    controller: 'Address',
    action: 'Find',
    method: 'GET',
    auth: 'public',
    query: address.addressFindQuerySchema,
    response: address.addressListSchema,
  }),
  addressRetrieve: call({
    controller: 'Address',
    action: 'Retrieve',
    method: 'GET',
    auth: 'public',
    query: address.addressRetrieveQuerySchema,
    response: address.addressListSchema,
  }),
} as const satisfies Record<string, CallDef>;
