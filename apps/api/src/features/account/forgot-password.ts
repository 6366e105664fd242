import { ok, Refusal } from '@lender/contract/envelope';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { PasswordService } from './password-service';

/**
 * Account/ForgotPassword (body: the e-mail as a JSON string). Always ok, whether or not the address has
 * an account (docs/decisions/017): the answer must not tell who is a customer.
 */
export const forgotPassword = (passwords: PasswordService, perAddress: RateLimiter) =>
  implementCall('forgotPassword', async ({ body, req, reply }) => {
    const limit = perAddress.hit(req.ip);
    if (!limit.allowed) return tooManyRequests(reply, limit.retryAfterSeconds, Refusal.tooManyRequests);
    await passwords.forgotPassword(body);
    return ok(null);
  });
