import { ErrorId, fail, ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import { AccountMessage } from './account-messages';
import type { ContactChangeService } from './contact-change-service';

/** Account/ChangeEmail (body: the new address as a JSON string): a link to it, no change yet. */
export const changeEmail = (contacts: ContactChangeService) =>
  implementCall('changeEmail', async ({ body, session }) => {
    const outcome = await contacts.changeEmail(session.customerId, body);
    switch (outcome.kind) {
      case 'linkSent':
        return ok(null);
      case 'sameEmail':
        return fail(ErrorId.generic, AccountMessage.sameEmail);
      case 'emailTaken':
        return fail(ErrorId.notFound, AccountMessage.emailTaken);
    }
  });
