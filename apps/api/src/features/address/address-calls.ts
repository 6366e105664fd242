import type { Config } from '../../config';
import type { ImplementedCall } from '../../plugins/calls';
import { chooseAddressLookup } from './choose-address-lookup';
import { findAddress } from './find-address';
import { retrieveAddress } from './retrieve-address';

/** The address lookup's two calls, on the lookup the configuration chooses (the sandbox by default). */
export function addressCalls(config: Config): ImplementedCall[] {
  const lookup = chooseAddressLookup(config);
  return [findAddress(lookup), retrieveAddress(lookup)];
}
