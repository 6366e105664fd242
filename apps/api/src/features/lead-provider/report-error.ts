import { ok } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { ClientErrorRepository } from './client-error-repository';

/** LeadProvider/Error (spec section 7): unhandled browser errors, kept for the support team. */
export const reportError = (clientErrors: ClientErrorRepository) =>
  implementCall('reportError', async ({ body }) => {
    await clientErrors.insert({
      url: body.url,
      prevUrl: body.prevUrl || null,
      message: body.message,
      userAgent: body.userAgent ?? null,
    });
    return ok(null);
  });
