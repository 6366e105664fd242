import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { tooManyRequests, type RateLimiter } from '../../lib/rate-limiter';
import { implementCall } from '../../plugins/calls';
import type { LandingService } from './landing-service';

/**
 * LeadProvider/LeadLandedEvent (spec section 7): the landing page's funnel for the partner report. Public,
 * so rationed per caller address as LeadProvider/Error is; an event sent again answers 0 and is stored
 * once, one sent before its session's 'loaded' answers 266, a lead not landed (or expired) 210.
 */
export const leadLandedEvent = (landing: LandingService, perAddress: RateLimiter) =>
  implementCall('leadLandedEvent', async ({ body, req, reply }) => {
    const limit = await perAddress.hit(req.ip);
    if (!limit.allowed) return tooManyRequests(reply, limit.retryAfterSeconds, Refusal.tooManyRequests);
    const outcome = await landing.event(body.providerID, {
      eventId: body.eventID,
      sessionId: body.sessionID,
      data: body.data ?? null,
    });
    switch (outcome) {
      case 'stored':
        return ok(null);
      case 'beforeLoaded':
        return refuse(Refusal.leadEventBeforeLoaded);
      case 'closed':
        return refuse(Refusal.leadLinkClosed);
    }
  });
