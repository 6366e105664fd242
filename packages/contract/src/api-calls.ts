import type { z } from 'zod';
import { accountCalls } from './calls/account-calls';
import { addressCalls } from './calls/address-calls';
import type { CallAuth, CallDef } from './calls/call-spec';
import { dictionaryCalls } from './calls/dictionary-calls';
import { documentCalls } from './calls/document-calls';
import { leadProviderCalls } from './calls/lead-provider-calls';
import { myAccountAreaCalls } from './calls/my-account-area-calls';
import { openBankingCalls } from './calls/open-banking-calls';
import { preClaimCalls } from './calls/pre-claim-calls';
import { registerCalls } from './calls/register-calls';
import { staffCalls } from './calls/staff-calls';

export type { CallAuth, CallDef, FileMediaType, MultipartSpec } from './calls/call-spec';

/**
 * Every call of spec section 7 (plus the address lookup), one area's file each (`calls/<area>-calls.ts`):
 * a new call goes in its area's file, a new area in a new file spread here. The order of the areas is the
 * table's order (OpenAPI lists the calls in it).
 */
export const calls = {
  ...dictionaryCalls,
  ...registerCalls,
  ...leadProviderCalls,
  ...accountCalls,
  ...myAccountAreaCalls,
  ...documentCalls,
  ...preClaimCalls,
  ...addressCalls,
  ...openBankingCalls,
  ...staffCalls,
} as const satisfies Record<string, CallDef>;

export type CallName = keyof typeof calls;
export type CallResponse<N extends CallName> = z.infer<(typeof calls)[N]['response']>;

/** The staff permission a call needs, or null for a call that is not staff's. */
export const staffPermissionOf = (auth: CallAuth) => (typeof auth === 'object' ? auth.staff : null);

/** A call of the staff console: one that needs a staff session, or a public one of its sign-in. */
export const isStaffCall = (def: Pick<CallDef, 'auth' | 'area'>) =>
  typeof def.auth === 'object' || def.area === 'staff';

/** `/api/{Controller}/{Action}`; a staff call's under `/api/staff/`. */
export const callPath = (def: Pick<CallDef, 'controller' | 'action' | 'auth' | 'area'>) =>
  `/api/${isStaffCall(def) ? 'staff/' : ''}${def.controller}/${def.action}`;

/** What a client needs to make a call, without its schemas. */
export type CallRoute = Pick<CallDef, 'method' | 'auth' | 'input'> & {
  path: string;
  skipDefaultErrorHandling: boolean;
};

export const callRoutes = () =>
  Object.fromEntries(
    Object.entries(calls).map(([name, def]: [string, CallDef]) => [
      name,
      {
        method: def.method,
        path: callPath(def),
        input: def.input,
        auth: def.auth,
        skipDefaultErrorHandling: def.skipDefaultErrorHandling === true,
      } satisfies CallRoute,
    ]),
  ) as Record<CallName, CallRoute>;
