import type { AppContext } from '../../app-context';
import type { CardProvider } from '../../lib/card-provider/card-provider';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ImplementedCall } from '../../plugins/calls';
import { landingCookie } from './landing-cookie';
import { landingService, type LandingParts } from './landing-service';
import { leadGetQuote } from './lead-get-quote';
import { leadLanded } from './lead-landed';
import { leadLandedEvent } from './lead-landed-event';
import { submitLandedLead } from './submit-landed-lead';

/** The landing page's four calls (issue 29), on one landing service and one cookie. */
export function landingCalls(
  ctx: Pick<AppContext, 'config' | 'db' | 'outbox' | 'sessions'>,
  provider: Pick<CardProvider, 'confirm'>,
  parts: LandingParts,
  eventsPerAddress: RateLimiter,
): ImplementedCall[] {
  const landing = landingService(ctx, provider, parts);
  const cookie = landingCookie(ctx.config.PUBLIC_URL);
  return [
    leadLanded(landing, cookie),
    leadGetQuote(landing),
    submitLandedLead(landing, cookie),
    leadLandedEvent(landing, eventsPerAddress),
  ];
}
