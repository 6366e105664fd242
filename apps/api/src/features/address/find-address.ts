import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { AddressLookup } from './address-lookup';

/** Address/Find?postCode=: the addresses at a postcode. */
export const findAddress = (lookup: AddressLookup) =>
  implementCall('addressFind', async ({ query, req }) => {
    try {
      return ok(await lookup.find(query.postCode));
    } catch (err) {
      req.log.warn({ err }, 'address find failed');
      return refuse(Refusal.addressLookupUnavailable);
    }
  });
