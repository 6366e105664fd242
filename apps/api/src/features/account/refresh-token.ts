import { ok, refuse, Refusal } from '@lender/contract/envelope';
import type { SessionStore } from '../../lib/sessions/session-store';
import { implementCall } from '../../plugins/calls';

/**
 * Account/RefreshToken: a new pair for a live refresh token. An unknown, expired or ended one, or one
 * already swapped (which ends its whole session), answers errorID 401 and the web app signs out.
 */
export const refreshToken = (sessions: SessionStore) =>
  implementCall('refreshToken', async ({ body }) => {
    const tokens = await sessions.refresh(body);
    return tokens ? ok(tokens) : refuse(Refusal.sessionEnded);
  });
