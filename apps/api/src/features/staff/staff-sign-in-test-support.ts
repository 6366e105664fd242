import type { StaffRole } from '@lender/contract/staff-permissions';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { OPS } from '../../entities/audit/actor';
import { totpCode } from '../../lib/totp';
import type { TestApp } from '../../test/test-app';
import { staffAccountsStaff } from './staff-accounts-staff';

export const PASSWORD = 'Kestrel-Staff-42';
export const nowSeconds = () => Date.now() / 1000;
/** A code of the next 30-second step: later than the one the enrolment (or a sign-in) used now. */
export const nextCode = (secret: string) => totpCode(secret, nowSeconds() + 30);

/** The `staff_session=<token>` pair of a Set-Cookie header, as the browser sends it back. */
export const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toMatch(
    /^staff_session=[\w-]+; Path=\/api\/staff; HttpOnly; SameSite=Strict; Max-Age=36000/,
  );
  return header.split(';')[0]!;
};

export const newEmail = (what: string) => `${what}.${randomBytes(4).toString('hex')}@kestrel.example`;

/**
 * The staff sign-in's calls as the console makes them, and the member's rows, for the staff sign-in
 * tests. Takes the app through a getter because a test file makes its app in `beforeAll`, after these
 * are bound.
 */
export function staffSignIn(app: () => TestApp) {
  const inject = (
    method: 'GET' | 'POST',
    url: string,
    opts: { body?: unknown; cookie?: string; authorization?: string } = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: {
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.authorization ? { authorization: opts.authorization } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });

  /** The link alone: whether it is open, nothing more. */
  const invitation = (token: string) =>
    inject('GET', `/api/staff/StaffAuth/Invitation?token=${encodeURIComponent(token)}`);
  /** The link and the invitation code the admin gave: who is invited, and the secret. */
  const withCode = (token: string, invitationCode: string) =>
    inject('POST', '/api/staff/StaffAuth/InvitationCode', { body: { token, invitationCode } });
  const accept = (body: { token: string; invitationCode: string; password: string; code: string }) =>
    inject('POST', '/api/staff/StaffAuth/AcceptInvitation', { body });
  const login = (body: { email: string; password: string; code: string }) =>
    inject('POST', '/api/staff/StaffAuth/Login', { body });
  const me = (cookie: string) => inject('GET', '/api/staff/Staff/Me', { cookie });

  /**
   * `ops staff add` as its service: the member, the link's token read from the e-mail the outbox sends,
   * and the invitation code the admin was shown (and would give by phone).
   */
  async function invite(role: StaffRole, email = newEmail(role)) {
    const t = app();
    const added = await staffAccountsStaff(t.ctx).add(email, role, 'Jo Staff', OPS);
    if (!added.ok) throw new Error(added.message);
    const { invitationCode } = added.value;
    const row = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { text } = t.ctx.outbox.revealForDevelopers(row);
    const link = /\/staff\/invite\/([\w-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    return { email, staffId: added.value.member.id, token: link![1]!, invitationCode, row, text };
  }

  /** A member who accepted their invitation through the API: the secret they enrolled, their cookie and codes. */
  async function enrolled(role: StaffRole = 'agent') {
    return enrolledWith(await invite(role));
  }

  /** Accepts an invitation with its link and code, as the invitation page does. */
  async function enrolledWith(invited: Awaited<ReturnType<typeof invite>>) {
    const shown = (await withCode(invited.token, invited.invitationCode)).json().object as {
      secretBase32: string;
    };
    const res = await accept({
      token: invited.token,
      invitationCode: invited.invitationCode,
      password: PASSWORD,
      code: totpCode(shown.secretBase32, nowSeconds()),
    });
    expect(res.json().error.errorID).toBe(0);
    return {
      ...invited,
      secret: shown.secretBase32,
      cookie: cookieOf(res),
      recoveryCodes: res.json().object.recoveryCodes as string[],
    };
  }

  const memberRow = (staffId: number) =>
    app().ctx.db.selectFrom('staff_members').selectAll().where('id', '=', staffId).executeTakeFirstOrThrow();
  const securityTypes = async (staffId: number) =>
    (
      await app()
        .ctx.db.selectFrom('security_events')
        .select(['type', 'detail'])
        .where('staff_id', '=', staffId)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);

  return {
    inject,
    invitation,
    withCode,
    accept,
    login,
    me,
    invite,
    enrolled,
    enrolledWith,
    memberRow,
    securityTypes,
  };
}
