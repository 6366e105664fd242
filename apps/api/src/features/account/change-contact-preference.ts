import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ChangeContactPreference: marketing consent by e-mail and by SMS (docs/decisions/017). */
export const changeContactPreference = (contacts: ContactChangeService) =>
  implementCall('changeContactPreference', async ({ body, principal }) => {
    await contacts.changePreferences(principal.customerId, body);
    return ok(null);
  });
