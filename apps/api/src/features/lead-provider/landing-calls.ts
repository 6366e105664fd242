import type { AppContext } from '../../app-context';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ImplementedCall } from '../../plugins/calls';
import { landingCookie } from './landing-cookie';
import type { LandingParts } from './landing-outcomes';
import { landingService } from './landing-service';
import { leadGetQuote } from './lead-get-quote';
import { leadLanded } from './lead-landed';
import { leadLandedEvent } from './lead-landed-event';
import { sendLandingCode } from './send-landing-code';
import { submitLandedLead } from './submit-landed-lead';
import { verifyLandingCode } from './verify-landing-code';

/**
 * The landing page's four calls (issue 29) and the two of its proof of identity (issue 45), on one
 * landing service and one cookie.
 */
export function landingCalls(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions' | 'security'>,
  provider: Pick<CardProvider, 'confirm'>,
  parts: LandingParts,
  eventsPerAddress: RateLimiter,
): ImplementedCall[] {
  const landing = landingService(ctx, provider, parts);
  const cookie = landingCookie(ctx.config.PUBLIC_URL);
  return [
    leadLanded(landing, cookie),
    leadGetQuote(landing),
    sendLandingCode(landing, cookie, ctx.security),
    verifyLandingCode(landing, cookie, ctx.security),
    submitLandedLead(landing, cookie),
    leadLandedEvent(landing, eventsPerAddress),
  ];
}
