import { ok } from '@lender/contract/envelope';
import type { SessionStore } from '../../lib/sessions/session-store';
import { implementCall } from '../../plugins/calls';

/**
 * Account/Logout (not in the spec, docs/decisions/017): ends the refresh token's session on the server,
 * so its access token stops working too. Always answers ok: signing out twice, or with a token that has
 * already ended, is not an error, and the answer tells nothing about the token.
 */
export const logout = (sessions: SessionStore) =>
  implementCall('logout', async ({ body }) => {
    await sessions.revoke(body, 'sign-out');
    return ok(null);
  });
