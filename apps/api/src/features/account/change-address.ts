import { ok } from '@lender/contract/envelope';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ChangeAddress: the home address and how long and on what terms it is lived in. */
export const changeAddress = (contacts: ContactChangeService) =>
  implementCall('changeAddress', async ({ body, principal }) => {
    // The outer autoAddress is the one the spec's payload names; the address block's own is a default.
    const address = toStoredAddress({ ...body.address, autoAddress: body.autoAddress });
    const outcome = await contacts.changeAddress(principal.customerId, address, {
      livedInAddressId: body.livedInAddressID,
      residentialStatusId: body.residentalStatusID,
    });
    return ok({ addressStr: outcome.addressStr, unchanged: outcome.kind === 'unchanged' });
  });
