import { chargeCall } from './charges-route';
import { confirmCall } from './confirm-route';
import type { MerchantCall } from './merchant-call';
import type { SandboxContext } from './sandbox-context';

/** The protocol's server-to-server calls by path: served over HTTP, and spoken to in process. */
export const merchantCalls = (ctx: SandboxContext): Record<string, MerchantCall> => ({
  '/api/confirm': confirmCall(ctx),
  '/api/charges': chargeCall(ctx),
});
