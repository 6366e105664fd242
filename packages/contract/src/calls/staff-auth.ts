import { z } from 'zod';
import { emailField } from '../rules/common';
import { Msg } from '../rules/messages';
import { newPasswordField } from '../rules/password';
import { PASSWORD_MAX } from '../rules/password-rules';
import { PERMISSIONS, STAFF_ROLES } from '../staff-permissions';

/*
 * The staff console's sign-in (issue 48; decisions 060 and 071): the member signed in, invitations and
 * their code, the sign-in itself. Re-exported by staff.ts.
 */

/** Staff/Me: the staff member the session belongs to, and what their role lets them do. */
export const staffMeSchema = z.object({
  staffId: z.number().int(),
  /** The sign-in name: the member's e-mail for a member added by invitation (issue 48). */
  username: z.string(),
  /** The member's e-mail (their sign-in name); null only for a member made before issue 48. */
  email: z.string().nullable(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

/** An invitation link's token as the e-mailed link carries it (32 random bytes, base64url). */
const invitationToken = z
  .string({ error: Msg.staffInvitationLink })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: Msg.staffInvitationLink });

/** A 6-digit authenticator code, or (at sign-in) one of the recovery codes. */
const codeField = (what: string) =>
  z.string({ error: what }).trim().min(1, { error: what }).max(40, { error: what });

/**
 * The invitation code (docs/decisions/071-staff-invitation-code.md): the second proof of an invitation,
 * shown once to the inviting admin and given by them to the invitee by phone or in person, never e-mailed.
 * 8 characters of 31 (the digits 2-9 and the capital letters but I, L and O: none is read as another),
 * shown as two groups of four, `K7PM-4XQR`; typed back in any case, with or without the dash or spaces.
 */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 8;
/** A typed invitation code as it is compared: capitals, no dash or spaces. */
export const normaliseInvitationCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
/** The code as the admin reads it out: two groups of four. */
export const groupInvitationCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
/** 8 of the alphabet's characters in any case, dashes and spaces anywhere (a form that can never be right is no try). */
const invitationCodeField = z
  .string({ error: Msg.staffInvitationCode })
  .max(30, { error: Msg.staffInvitationCode })
  .regex(/^[\s-]*(?:[2-9A-HJKMNP-Za-hjkmnp-z][\s-]*){8}$/, { error: Msg.staffInvitationCode });

/**
 * StaffAuth/Invitation: whether the link is open, and nothing else: the link alone is no proof of who
 * opens it, so who is invited and the secret wait for the invitation code (StaffAuth/InvitationCode).
 */
export const staffInvitationQuerySchema = z.object({ token: invitationToken }, { error: Msg.request });
export const staffInvitationSchema = z.object({
  /** When the link stops working (ISO instant). */
  expiresAt: z.string(),
  /** Wrong invitation codes that may still be tried before the invitation is void (5 at first). */
  codeTriesLeft: z.number().int(),
});

/** StaffAuth/InvitationCode: the link's token and the code the administrator gave. */
export const staffInvitationCodeSchema = z.object(
  { token: invitationToken, invitationCode: invitationCodeField },
  { error: Msg.request },
);
/** StaffAuth/InvitationCode's answer: who is invited and the secret to enrol (the right code only). */
export const staffInvitationShownSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The TOTP secret as base32 text, to type into an authenticator app. The same on every opening. */
  secretBase32: z.string(),
  /** `otpauth://totp/...`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri` as an `<svg>` element (drawn by the server; no script, no link). */
  qrSvg: z.string(),
});
/**
 * StaffAuth/AcceptInvitation: the invitation code again (the secret alone is no proof either), the
 * password (customers' rules) and a code from the app just set up.
 */
export const staffAcceptInvitationSchema = z.object(
  {
    token: invitationToken,
    invitationCode: invitationCodeField,
    password: newPasswordField,
    code: codeField(Msg.staffEnrolmentCode),
  },
  { error: Msg.request },
);
/** Shown once: each signs in once in place of an authenticator code. */
export const staffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** StaffAuth/Login: e-mail, password, and a 6-digit authenticator code or a recovery code. */
export const staffLoginSchema = z.object(
  {
    email: emailField(Msg.loginEmail),
    password: z
      .string({ error: Msg.loginPassword })
      .min(1, { error: Msg.loginPassword })
      .max(PASSWORD_MAX, { error: Msg.maxLength(PASSWORD_MAX) }),
    code: codeField(Msg.staffSignInCode),
  },
  { error: Msg.request },
);
