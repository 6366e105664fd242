import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ChangeEmail (body: the new address as a JSON string): a link to it, no change yet. */
export const changeEmail = (contacts: ContactChangeService) =>
  implementCall('changeEmail', async ({ body, session }) => {
    const outcome = await contacts.changeEmail(session.customerId, body);
    switch (outcome.kind) {
      case 'linkSent':
        return ok(null);
      case 'sameEmail':
        return refuse(Refusal.sameEmail);
      case 'emailTaken':
        return refuse(Refusal.emailTaken);
    }
  });
