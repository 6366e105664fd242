import type { Plugin } from 'vite';
import type * as Calls from '@lender/contract/api-calls';
import { contractFile, exportConsts, loadContractModule } from './contract-module';

export const CALL_ROUTES_ID = 'virtual:call-routes';
/** `virtual:call-route/<call name>`: one call's route alone, for code in every page's first load. */
const ONE_ROUTE_PREFIX = 'virtual:call-route/';

/**
 * The route facts of every API call (method, path, input, auth), taken from the contract's one table of
 * calls when Vite runs and handed to the app as plain data. The table also holds each call's zod schemas;
 * importing it would put zod and every schema in the first load of every page (types: src/call-routes.d.ts).
 * The whole table (6 KB) belongs to the API client, which pages load when they call; the shell, which
 * signs out from the header, takes its one route from a module of its own.
 */
export function callRoutesPlugin(): Plugin {
  return {
    name: 'lender:call-routes',
    resolveId: (id) => (id === CALL_ROUTES_ID || id.startsWith(ONE_ROUTE_PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (id !== `\0${CALL_ROUTES_ID}` && !id.startsWith(`\0${ONE_ROUTE_PREFIX}`)) return null;
      const contract = await loadContractModule<typeof Calls>(this, contractFile('api-calls.ts'));
      const routes = contract.callRoutes();
      if (id === `\0${CALL_ROUTES_ID}`) return exportConsts({ callRoutes: routes });
      const name = id.slice(`\0${ONE_ROUTE_PREFIX}`.length);
      if (!(name in routes)) this.error(`${id}: the contract has no call named ${name}`);
      return exportConsts({ route: routes[name as Calls.CallName] });
    },
  };
}
