import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/**
 * Account/ChangeMobile (body: the new number as a JSON string), only for a session that proved the
 * password lately (errorID 233 otherwise), like ChangeEmail.
 */
export const changeMobile = (contacts: ContactChangeService, security: SecurityEvents) =>
  implementCall('changeMobile', async ({ body, principal, req }) => {
    const outcome = await contacts.changeMobile(principal, body);
    switch (outcome.kind) {
      case 'passwordNeeded':
        return refuse(Refusal.passwordConfirmationNeeded);
      case 'mobileTaken':
        return refuse(Refusal.mobileAlreadyRegistered);
      case 'changed':
        await security.record({ type: 'mobile-changed', customerId: principal.customerId, ip: req.ip });
        return ok(null);
      case 'unchanged':
        return ok(null);
    }
  });
