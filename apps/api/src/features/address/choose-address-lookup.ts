import type { Config } from '../../config';
import type { AddressLookup } from './address-lookup';
import { loqateLookup } from './loqate-lookup';
import { sandboxLookup } from './sandbox-lookup';

/** Loqate when a key is configured, otherwise the built-in sandbox dataset behind the same adapter. */
export const chooseAddressLookup = (config: Config): AddressLookup =>
  config.ADDRESS_LOOKUP_KEY
    ? loqateLookup(config.ADDRESS_LOOKUP_URL, config.ADDRESS_LOOKUP_KEY)
    : sandboxLookup;
