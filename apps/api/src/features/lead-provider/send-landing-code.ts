import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { resendTooSoon } from '@lender/contract/refusals';
import type { SecurityEvents } from '../../lib/security-events';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { LandingCookie } from './landing-cookie';
import type { LandingService } from './landing-service';

/**
 * LeadProvider/SendLandingCode (issue 45, ours): the code that proves the visitor is the applicant, to the
 * lead's own mobile or e-mail. Too soon or too often answers 429 with the wait, as e-sign's resend does.
 */
export const sendLandingCode = (landing: LandingService, cookie: LandingCookie, security: SecurityEvents) =>
  implementCall('sendLandingCode', async ({ body, req, reply }) => {
    const outcome = await landing.sendCode(body.guid, cookie.read(req), body.via);
    switch (outcome.kind) {
      case 'sent':
        return ok({ nextSendInSeconds: outcome.nextSendInSeconds });
      case 'closed':
        return refuse(Refusal.leadLinkClosed);
      case 'wait':
        await security.record({
          type: 'limit-refused',
          ip: req.ip,
          detail: `landing code ${outcome.reason}`,
        });
        return tooManyRequests(
          reply,
          outcome.retryAfterSeconds,
          outcome.reason === 'cooldown' ? resendTooSoon(outcome.retryAfterSeconds) : Refusal.resendDailyLimit,
          { nextSendInSeconds: outcome.retryAfterSeconds, reason: outcome.reason },
        );
    }
  });
