import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { PasswordService } from './password-service';

/**
 * Account/ConfirmPassword (docs/decisions/020): the customer's password again, which lets this session
 * change the e-mail address or mobile number for the next few minutes.
 */
export const confirmPassword = (passwords: PasswordService, security: SecurityEvents) =>
  implementCall('confirmPassword', async ({ body, principal, req, reply }) => {
    const outcome = await passwords.confirm(principal, body.password);
    const customerId = principal.customerId;
    if (outcome.kind === 'confirmed') {
      await security.record({ type: 'password-confirmed', customerId, ip: req.ip });
      return ok(null);
    }
    await security.record({ type: 'password-confirm-failed', customerId, ip: req.ip, detail: outcome.kind });
    if (outcome.kind === 'tooMany') {
      return tooManyRequests(reply, outcome.retryAfterSeconds, Refusal.tooManyRequests);
    }
    return refuse(Refusal.passwordNotConfirmed);
  });
