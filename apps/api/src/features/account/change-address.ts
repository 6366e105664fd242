import { ok } from '@lender/contract/envelope';
import { Msg } from '@lender/contract/rules/messages';
import { toStoredAddress } from '../../entities/addresses/stored-address';
import { implementCall, invalidFields } from '../../plugins/calls';
import type { Housing } from '../../entities/customers/customer-repository';
import type { ContactChangeService } from './contact-change-service';

/** A refused dictionary id, back under its payload name with that field's own message. */
const ID_FIELDS: Record<keyof Housing, [string, string]> = {
  livedInAddressId: ['livedInAddressID', Msg.livedThere],
  residentialStatusId: ['residentalStatusID', Msg.homeStatus],
};

/** Account/ChangeAddress: the home address and how long and on what terms it is lived in. */
export const changeAddress = (contacts: ContactChangeService) =>
  implementCall('changeAddress', async ({ body, session, reply }) => {
    // The outer autoAddress is the one the spec's payload names; the address block's own is a default.
    const address = toStoredAddress({ ...body.address, autoAddress: body.autoAddress });
    const outcome = await contacts.changeAddress(session.customerId, address, {
      livedInAddressId: body.livedInAddressID,
      residentialStatusId: body.residentalStatusID,
    });
    if (outcome.kind === 'changed') return ok({ addressStr: outcome.addressStr });
    reply.code(400);
    return invalidFields(Object.fromEntries(outcome.ids.map((id) => ID_FIELDS[id])));
  });
