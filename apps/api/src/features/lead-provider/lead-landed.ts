import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { implementCall } from '../../plugins/calls';
import type { LandingCookie } from './landing-cookie';
import type { LandingService } from './landing-service';

/**
 * LeadProvider/LeadLanded (spec section 7): the landing page's loan as the partner asked for it. The first
 * opening sets the landing cookie; an unknown, expired, submitted or other browser's link answers 210.
 */
export const leadLanded = (landing: LandingService, cookie: LandingCookie) =>
  implementCall('leadLanded', async ({ query, req, reply }) => {
    const outcome = await landing.land(query.guid, cookie.read(req));
    if (outcome.kind === 'closed') return refuse(Refusal.leadLinkClosed);
    if (outcome.newCookie) cookie.set(reply, outcome.newCookie);
    return ok(outcome.answer);
  });
