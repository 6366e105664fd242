import { call, type CallDef } from './call-spec';
import { getDictionariesRequestSchema, getDictionariesResponseSchema } from '../dictionaries';

/** The Dictionary controller's calls, in the order of the call table (`api-calls.ts`). */
export const dictionaryCalls = {
  getDictionaries: call({
    controller: 'Dictionary',
    action: 'GetDictionaries',
    method: 'POST',
    auth: 'public',
    body: getDictionariesRequestSchema,
    response: getDictionariesResponseSchema,
  }),
} as const satisfies Record<string, CallDef>;
