import { ErrorId, fail, ok } from '@lender/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { handle } from '../../plugins/calls';
import type { AddressLookup } from './address-lookup';
import { loqateLookup } from './loqate-lookup';
import { sandboxLookup } from './sandbox-lookup';

export const chooseAddressLookup = (ctx: AppContext): AddressLookup =>
  ctx.config.ADDRESS_LOOKUP_KEY
    ? loqateLookup(ctx.config.ADDRESS_LOOKUP_URL, ctx.config.ADDRESS_LOOKUP_KEY)
    : sandboxLookup;

/** GET Address/Find?postCode= and Address/Retrieve?id=, behind one adapter. */
export function registerAddressRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  lookup = chooseAddressLookup(ctx),
) {
  const unavailable = () =>
    fail(ErrorId.generic, 'Address lookup is unavailable, please enter your address manually.');
  handle(app, ctx, 'addressFind', async ({ query, req }) => {
    try {
      return ok(await lookup.find(query.postCode));
    } catch (err) {
      req.log.warn({ err }, 'address find failed');
      return unavailable();
    }
  });
  handle(app, ctx, 'addressRetrieve', async ({ query, req }) => {
    try {
      return ok(await lookup.retrieve(query.id));
    } catch (err) {
      req.log.warn({ err }, 'address retrieve failed');
      return unavailable();
    }
  });
}
