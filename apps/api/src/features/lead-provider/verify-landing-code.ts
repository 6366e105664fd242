import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import { implementCall } from '../../plugins/calls';
import type { LandingCookie } from './landing-cookie';
import type { LandingCodeFailure } from './landing-outcomes';
import type { LandingService } from './landing-service';

const codeRefusal: Record<LandingCodeFailure, (typeof Refusal)[keyof typeof Refusal]> = {
  wrong: Refusal.invalidLandingCode,
  none: Refusal.landingCodeNone,
  expired: Refusal.landingCodeExpired,
  tooManyTries: Refusal.landingCodeTooManyTries,
};

/**
 * LeadProvider/VerifyLandingCode (issue 45, ours): the applicant's code binds the landing to this browser.
 * A wrong one is a security event (recorded before the answer, so it is never lost behind it), as a wrong e-sign code is; after 5 the code is dead (a new one is sent
 * on request, after the cooldown).
 */
export const verifyLandingCode = (landing: LandingService, cookie: LandingCookie, security: SecurityEvents) =>
  implementCall('verifyLandingCode', async ({ body, req }) => {
    const outcome = await landing.verifyCode(body.guid, cookie.read(req), body.code);
    switch (outcome.kind) {
      case 'proven':
        return ok(null);
      case 'closed':
        return refuse(Refusal.leadLinkClosed);
      case 'invalid':
        await security.record({
          type: 'landing-code-failed',
          customerId: outcome.customerId,
          ip: req.ip,
          detail: outcome.check,
        });
        return refuse(codeRefusal[outcome.check]);
    }
  });
