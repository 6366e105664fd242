import { ok, refuse, Refusal } from '@lender/contract/envelope';
import { staffInvitationCodeWrong } from '@lender/contract/refusals';
import { Msg } from '@lender/contract/rules/messages';
import type { AppContext } from '../../app-context';
import { tooManyRequests } from '../../lib/rate-limiter';
import { implementCall, invalidFields, type ImplementedCall } from '../../plugins/calls';
import { staffSessionCookie } from '../../plugins/principal';
import { staffMe, staffMeOf } from './staff-me';
import {
  STAFF_COOKIE_MAX_AGE_SECONDS,
  staffSignInService,
  type InvitationCodeRefused,
  type StaffSignInService,
} from './staff-sign-in-service';

/** The refusal of an invitation that is closed or void, or of a wrong invitation code (decision 071). */
const invitationRefusal = (r: InvitationCodeRefused) =>
  r.kind === 'closed'
    ? refuse(Refusal.staffInvitationClosed)
    : r.kind === 'void'
      ? refuse(Refusal.staffInvitationVoid)
      : refuse(staffInvitationCodeWrong(r.triesLeft));

/**
 * StaffAuth/Invitation (public, issue 48): whether the link is open and the invitation-code tries left;
 * nothing of who is invited and no secret (docs/decisions/071).
 */
const staffInvitation = (signIn: StaffSignInService) =>
  implementCall('staffInvitation', async ({ query }) => {
    const state = await signIn.invitationState(query.token);
    return state.kind === 'open'
      ? ok({ expiresAt: state.expiresAt, codeTriesLeft: state.codeTriesLeft })
      : invitationRefusal(state);
  });

/** StaffAuth/InvitationCode (public): the right code shows who is invited and the TOTP secret as text, URI and QR code. */
const staffInvitationCode = (signIn: StaffSignInService) =>
  implementCall('staffInvitationCode', async ({ body, req }) => {
    const opened = await signIn.openInvitation(body.token, body.invitationCode, req.ip);
    return opened.kind === 'shown' ? ok(opened.shown) : invitationRefusal(opened);
  });

/** StaffAuth/AcceptInvitation (public): password and first code; the session cookie and recovery codes. */
const staffAcceptInvitation = (ctx: AppContext, signIn: StaffSignInService) =>
  implementCall('staffAcceptInvitation', async ({ body, req, reply }) => {
    const outcome = await signIn.acceptInvitation(
      body.token,
      body.invitationCode,
      body.password,
      body.code,
      req.ip,
    );
    switch (outcome.kind) {
      case 'closed':
      case 'void':
      case 'invitationCodeWrong':
        return invitationRefusal(outcome);
      case 'codeWrong':
        return refuse(Refusal.staffEnrolmentCodeWrong);
      case 'commonPassword':
        reply.code(400);
        return invalidFields({ password: Msg.commonPassword });
      case 'enrolled':
        reply.header(
          'set-cookie',
          staffSessionCookie(ctx.config, outcome.signedIn.session.token, STAFF_COOKIE_MAX_AGE_SECONDS),
        );
        return ok({ recoveryCodes: outcome.recoveryCodes });
    }
  });

/** StaffAuth/Login (public): e-mail, password and a TOTP or recovery code; the session cookie and Staff/Me. */
const staffLogin = (ctx: AppContext, signIn: StaffSignInService) =>
  implementCall('staffLogin', async ({ body, req, reply }) => {
    const outcome = await signIn.login(body.email, body.password, body.code, req.ip);
    if (outcome.kind === 'failed') return refuse(Refusal.staffSignInFailed);
    if (outcome.kind === 'tooMany') {
      return tooManyRequests(reply, outcome.retryAfterSeconds, Refusal.tooManyLogins);
    }
    const { member, session } = outcome.signedIn;
    reply.header('set-cookie', staffSessionCookie(ctx.config, session.token, STAFF_COOKIE_MAX_AGE_SECONDS));
    return ok(staffMeOf(member));
  });

/** StaffAuth/Logout (any staff member): ends the session and clears the cookie. */
const staffLogout = (ctx: AppContext, signIn: StaffSignInService) =>
  implementCall('staffLogout', async ({ principal, req, reply }) => {
    await signIn.logout(principal.staffId, principal.sessionId, req.ip);
    reply.header('set-cookie', staffSessionCookie(ctx.config, '', 0));
    return ok(null);
  });

/** The staff console's calls (issues 44 and 48). */
export function staffCalls(ctx: AppContext): ImplementedCall[] {
  const signIn = staffSignInService(ctx);
  return [
    staffMe(),
    staffInvitation(signIn),
    staffAcceptInvitation(ctx, signIn),
    staffLogin(ctx, signIn),
    staffLogout(ctx, signIn),
    staffInvitationCode(signIn),
  ];
}
