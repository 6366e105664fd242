import { ok, Refusal } from '@lender/contract/envelope';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { ClientErrorRepository } from './client-error-repository';

/**
 * LeadProvider/Error (spec section 7): unhandled browser errors, kept for the support team for
 * CLIENT_ERRORS_RETENTION_DAYS (`ops purge-client-errors`). Public, so rationed per caller address: a
 * flood is refused (429) and stores nothing; each report's fields are capped by the contract's schema.
 */
export const reportError = (clientErrors: ClientErrorRepository, perAddress: RateLimiter) =>
  implementCall('reportError', async ({ body, req, reply }) => {
    const limit = await perAddress.hit(req.ip);
    if (!limit.allowed) return tooManyRequests(reply, limit.retryAfterSeconds, Refusal.tooManyRequests);
    await clientErrors.insert({
      url: body.url,
      prevUrl: body.prevUrl || null,
      message: body.message,
      userAgent: body.userAgent ?? null,
    });
    return ok(null);
  });
