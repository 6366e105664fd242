import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SecurityEvents } from '../../lib/security-events';
import type { SessionStore } from '../../lib/sessions/session-store';
import { implementCall } from '../../plugins/calls';

/**
 * Account/RefreshToken: a new pair for a live refresh token (the same pair again for a second tab within
 * seconds). An unknown, expired or ended one, or one swapped longer ago (which ends its whole session, a
 * security event), answers errorID 401 and the web app signs out.
 */
export const refreshToken = (sessions: SessionStore, security: SecurityEvents) =>
  implementCall('refreshToken', async ({ body, req }) => {
    const outcome = await sessions.refresh(body);
    if (outcome && 'tokens' in outcome) return ok(outcome.tokens);
    if (outcome) {
      const family = `session ${outcome.reusedIn}`;
      await security.record({ type: 'refresh-reuse', ip: req.ip, detail: family });
    }
    return refuse(Refusal.sessionEnded);
  });
