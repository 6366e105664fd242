import type { Plugin } from 'vite';
import type * as Calls from '@lender/contract/api-calls';
import { contractFile, exportConsts, loadContractModule } from './contract-module';

export const CALL_ROUTES_ID = 'virtual:call-routes';

/**
 * The route facts of every API call (method, path, input, auth), taken from the contract's one table of
 * calls when Vite runs and handed to the app as plain data. The table also holds each call's zod schemas;
 * importing it would put zod and every schema in the first load of every page (types: src/call-routes.d.ts).
 */
export function callRoutesPlugin(): Plugin {
  return {
    name: 'lender:call-routes',
    resolveId: (id) => (id === CALL_ROUTES_ID ? `\0${id}` : null),
    async load(id) {
      if (id !== `\0${CALL_ROUTES_ID}`) return null;
      const contract = await loadContractModule<typeof Calls>(this, contractFile('api-calls.ts'));
      return exportConsts({ callRoutes: contract.callRoutes() });
    },
  };
}
