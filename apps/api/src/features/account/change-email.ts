import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/**
 * Account/ChangeEmail (body: the new address as a JSON string): a link to it, no change yet. Only for a
 * session that proved the password lately (errorID 233 otherwise): with the address moved, a reset would
 * give a thief who holds only a session the whole account.
 */
export const changeEmail = (contacts: ContactChangeService, security: SecurityEvents) =>
  implementCall('changeEmail', async ({ body, principal, req }) => {
    const outcome = await contacts.changeEmail(principal, body);
    switch (outcome.kind) {
      case 'passwordNeeded':
        return refuse(Refusal.passwordConfirmationNeeded);
      case 'linkSent':
        await security.record({ type: 'email-change-asked', customerId: principal.customerId, ip: req.ip });
        return ok(null);
      case 'sameEmail':
        return refuse(Refusal.sameEmail);
      case 'emailTaken':
        return refuse(Refusal.emailTaken);
    }
  });
