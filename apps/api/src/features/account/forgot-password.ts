import { ok, Refusal } from '@lender/contract/envelope';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { SecurityEvents } from '../../lib/security-events';
import type { PasswordService } from './password-service';

/**
 * Account/ForgotPassword (body: the e-mail as a JSON string). Always ok, whether or not the address has
 * an account (docs/decisions/017): the answer must not tell who is a customer.
 */
export const forgotPassword = (
  passwords: PasswordService,
  perAddress: RateLimiter,
  security: SecurityEvents,
) =>
  implementCall('forgotPassword', async ({ body, req, reply }) => {
    const limit = await perAddress.hit(req.ip);
    if (!limit.allowed) {
      await security.record({ type: 'limit-refused', ip: req.ip, detail: 'forgot password per address' });
      return tooManyRequests(reply, limit.retryAfterSeconds, Refusal.tooManyRequests);
    }
    const customerId = await passwords.forgotPassword(body);
    await security.record({ type: 'reset-asked', customerId, ip: req.ip });
    return ok(null);
  });
