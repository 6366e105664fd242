import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ConfirmEmailChange (body: the link's token): public, as the link may open on another device. */
export const confirmEmailChange = (contacts: ContactChangeService) =>
  implementCall('confirmEmailChange', async ({ body }) => {
    const outcome = await contacts.confirmEmail(body);
    switch (outcome.kind) {
      case 'changed':
        return ok(null);
      case 'linkExpired':
        return refuse(Refusal.linkExpired);
      case 'emailTaken':
        return refuse(Refusal.emailTaken);
    }
  });
