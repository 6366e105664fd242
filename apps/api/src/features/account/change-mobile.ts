import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ChangeMobile (body: the new number as a JSON string). */
export const changeMobile = (contacts: ContactChangeService) =>
  implementCall('changeMobile', async ({ body, session }) => {
    const outcome = await contacts.changeMobile(session.customerId, body);
    return outcome.kind === 'mobileTaken' ? refuse(Refusal.mobileAlreadyRegistered) : ok(null);
  });
