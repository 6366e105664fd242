import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import type { ContactChangeService } from './contact-change-service';

/** Account/ConfirmEmailChange (body: the link's token): public, as the link may open on another device. */
export const confirmEmailChange = (contacts: ContactChangeService, security: SecurityEvents) =>
  implementCall('confirmEmailChange', async ({ body, req }) => {
    const outcome = await contacts.confirmEmail(body);
    switch (outcome.kind) {
      case 'changed':
        await security.record({ type: 'email-changed', customerId: outcome.customerId, ip: req.ip });
        return ok(null);
      case 'linkExpired':
        return refuse(Refusal.linkExpired);
      case 'emailTaken':
        return refuse(Refusal.emailTaken);
    }
  });
