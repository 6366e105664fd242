/* The route facts of the contract's table of calls, made into a module when Vite runs: apps/web/build/call-routes-plugin.ts. */

declare module 'virtual:call-routes' {
  import type { CallName, CallRoute } from '@lender/contract/api-calls';

  export const callRoutes: Record<CallName, CallRoute>;
}

declare module 'virtual:call-route/*' {
  import type { CallRoute } from '@lender/contract/api-calls';

  export const route: CallRoute;
}
