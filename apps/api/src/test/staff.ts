import crypto from 'node:crypto';
import type { StaffRole } from '@lender/contract/staff-permissions';
import type { AppContext } from '../app-context';
import { staffAccounts } from '../entities/staff/staff-sessions';
import { STAFF_SESSION_COOKIE } from '../plugins/principal';
import type { TestApp } from './test-app';

/**
 * A staff member of the role given with an open session, as the console's sign-in will make them
 * (issue 48): the member, the session, and the Cookie header a staff call sends.
 */
export async function createStaffSession(ctx: AppContext, role: StaffRole, now = new Date()) {
  const accounts = staffAccounts(ctx.db);
  const member = await accounts.createMember({
    username: `${role}-${crypto.randomBytes(4).toString('hex')}`,
    displayName: `A ${role}`,
    role,
  });
  const session = await accounts.openSession(member.id, now);
  return { member, session, cookie: `${STAFF_SESSION_COOKIE}=${session.token}` };
}

/**
 * GET and POST as the console sends them, with a member's session cookie. Takes the app through a getter
 * because a test file makes its app in `beforeAll`, after these are bound.
 */
export function staffInject(app: () => TestApp) {
  return {
    get: (url: string, cookie: string) => app().app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, cookie: string, payload: unknown) =>
      app().app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object }),
  };
}
