import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { AddressLookup } from './address-lookup';

/** Address/Retrieve?id=: one address of a Find answer, in full. */
export const retrieveAddress = (lookup: AddressLookup) =>
  implementCall('addressRetrieve', async ({ query, req }) => {
    try {
      return ok(await lookup.retrieve(query.id));
    } catch (err) {
      req.log.warn({ err }, 'address retrieve failed');
      return refuse(Refusal.addressLookupUnavailable);
    }
  });
